public class CharacterClassification {
    public static void main(String[] args) {
        int[] cps = {'a', 'Z', '0', '9', ' ', '\t', '\n', '\r', '\u000b', '\f', '_', '$', '-', '.', '@', 'é', 'É', 'ß', 'ÿ', 'µ', '\u00a0', '\u2003',
            '\u2028', 'Ω', 'ω', 'Ж', 'ж', '٣', '\u0660', '中', 'あ', 'ア', '\uFF21', '\uFF41', '\u0000', '\u007f', '\u00ad', 0x1F600, 0x10400, 0x1D400,
            '\uD800', '\uDC00', 'ǅ', 'ǆ', 'Ǆ', 'İ', 'ı', 'ﬀ', '²', '½', 'Ⅻ', '\u200b', '\u3000', '\u0301'};
        for (int cp : cps) {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format("U+%04X", cp));
            sb.append(" letter=").append(Character.isLetter(cp));
            sb.append(" digit=").append(Character.isDigit(cp));
            sb.append(" letterOrDigit=").append(Character.isLetterOrDigit(cp));
            sb.append(" alpha=").append(Character.isAlphabetic(cp));
            sb.append(" upper=").append(Character.isUpperCase(cp));
            sb.append(" lower=").append(Character.isLowerCase(cp));
            sb.append(" title=").append(Character.isTitleCase(cp));
            sb.append(" ws=").append(Character.isWhitespace(cp));
            sb.append(" space=").append(Character.isSpaceChar(cp));
            sb.append(" ctrl=").append(Character.isISOControl(cp));
            sb.append(" jstart=").append(Character.isJavaIdentifierStart(cp));
            sb.append(" jpart=").append(Character.isJavaIdentifierPart(cp));
            sb.append(" ideo=").append(Character.isIdeographic(cp));
            sb.append(" defined=").append(Character.isDefined(cp));
            sb.append(" type=").append(Character.getType(cp));
            sb.append(" toUpper=").append(Integer.toHexString(Character.toUpperCase(cp)));
            sb.append(" toLower=").append(Integer.toHexString(Character.toLowerCase(cp)));
            sb.append(" toTitle=").append(Integer.toHexString(Character.toTitleCase(cp)));
            sb.append(" numeric=").append(Character.getNumericValue(cp));
            sb.append(" digit10=").append(Character.digit(cp, 10));
            sb.append(" dir=").append(Character.getDirectionality(cp));
            sb.append(" bmp=").append(Character.isBmpCodePoint(cp));
            sb.append(" supp=").append(Character.isSupplementaryCodePoint(cp));
            sb.append(" charCount=").append(Character.charCount(cp));
            sb.append(" mirrored=").append(Character.isMirrored(cp));
            System.out.println(sb);
        }
        System.out.println(Character.getName('a') + " | " + Character.getName(0x1F600) + " | " + Character.UnicodeBlock.of('Ж') + " | " + Character.UnicodeScript.of('あ'));
        int letters = 0, digits = 0, upper = 0, ws = 0, defined = 0;
        for (int c = 0; c < 0x3000; c++) {
            if (Character.isLetter(c)) letters++;
            if (Character.isDigit(c)) digits++;
            if (Character.isUpperCase(c)) upper++;
            if (Character.isWhitespace(c)) ws++;
            if (Character.isDefined(c)) defined++;
        }
        System.out.println("counts " + letters + " " + digits + " " + upper + " " + ws + " " + defined);
        System.out.println(Character.isSurrogate('\uD83D') + " " + Character.isHighSurrogate('\uD83D') + " " + Character.isLowSurrogate('\uDE00')
            + " " + Character.toCodePoint('\uD83D', '\uDE00') + " " + Character.isValidCodePoint(0x110000) + " " + Character.MIN_SUPPLEMENTARY_CODE_POINT);
        System.out.println(Character.toString(0x1F600).length() + " " + Character.valueOf('q') + " " + Character.toString('x') + " " + Character.MAX_CODE_POINT);
    }
}
