#!/bin/sh
# Fills corpus/<target> with a few real class files taken from the installed JDK.
set -eu
cd "$(dirname "$0")"
JAVA_HOME=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$JAVA_HOME/bin/jimage" extract --dir "$tmp" \
    --include 'regex:/java.base/java/lang/(Object|String|Integer|Thread|Math)\.class|/java.base/java/util/(HashMap|ArrayList|concurrent/ConcurrentHashMap)\.class|/java.base/java/lang/invoke/LambdaMetafactory\.class|/java.base/java/util/stream/Collectors\.class|/java.base/java/lang/Record\.class|/java.base/java/lang/Enum\.class' \
    "$JAVA_HOME/lib/modules"
for t in parse_class parse_class_strict; do
    mkdir -p "corpus/$t"
    (cd "$tmp" && find . -name '*.class') | while read -r f; do
        cp "$tmp/$f" "corpus/$t/$(echo "${f#./}" | tr / _)"
    done
done
ls corpus/*
