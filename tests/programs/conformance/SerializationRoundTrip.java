import java.io.*;
import java.util.*;

public class SerializationRoundTrip {
    static class Address implements Serializable {
        private static final long serialVersionUID = 1L;
        final String city;
        final int zip;
        Address(String city, int zip) { this.city = city; this.zip = zip; }
        @Override public String toString() { return city + "/" + zip; }
    }

    static class Person implements Serializable {
        private static final long serialVersionUID = 2L;
        String name;
        int age;
        double score;
        Address address;
        List<String> tags = new ArrayList<>();
        transient String cache = "cached";
        int[] numbers;
        Person friend;
        @Override public String toString() {
            return name + "(" + age + "," + score + "," + address + "," + tags + ",cache=" + cache + "," + Arrays.toString(numbers) + ",friend=" + (friend == null ? "-" : friend.name) + ")";
        }
    }

    static class Custom implements Serializable {
        private static final long serialVersionUID = 3L;
        transient int secret;
        String visible;
        Custom(int secret, String visible) { this.secret = secret; this.visible = visible; }
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(secret * 2);
        }
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            secret = in.readInt() / 2 + 1;
        }
    }


    enum Level { LOW, HIGH }

    static class NotSerializable {}

    static class Holder implements Serializable {
        private static final long serialVersionUID = 4L;
        Object payload;
        Holder(Object p) { payload = p; }
    }

    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T obj) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
            oos.writeObject(obj);
        }
        byte[] bytes = bos.toByteArray();
        System.out.println("  serialized " + obj.getClass().getSimpleName() + " to " + bytes.length + " bytes, header " + String.format("%02x%02x", bytes[0], bytes[1]));
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (T) ois.readObject();
        }
    }

    public static void main(String[] args) throws Exception {
        Person p = new Person();
        p.name = "Ada";
        p.age = 36;
        p.score = 99.5;
        p.address = new Address("London", 12345);
        p.tags.addAll(List.of("math", "engines"));
        p.numbers = new int[]{1, 1, 2, 3, 5};
        Person q = new Person();
        q.name = "Charles";
        q.friend = p;
        p.friend = q;
        Person back = roundTrip(p);
        System.out.println(back);
        System.out.println("cycle preserved: " + (back.friend.friend == back) + " friend " + back.friend);
        Custom c = roundTrip(new Custom(20, "vis"));
        System.out.println("custom secret " + c.secret + " visible " + c.visible);
        Level lv = roundTrip(Level.HIGH);
        System.out.println("enum identity preserved: " + (lv == Level.HIGH));
        Map<String, List<Integer>> map = new TreeMap<>();
        map.put("a", List.of(1, 2));
        map.put("b", new ArrayList<>(List.of(3)));
        System.out.println(roundTrip(new TreeMap<>(map)));
        System.out.println(roundTrip(new ArrayList<>(List.of("x", 1, 2.5, 'c', true, 5L))));
        System.out.println(Arrays.toString(roundTrip(new String[]{"s1", null, "s3"})) + " " + Arrays.deepToString(roundTrip(new int[][]{{1}, {2, 3}})));
        System.out.println(roundTrip("plain string") + " " + roundTrip(42) + " " + roundTrip(new java.math.BigDecimal("3.14159")) + " " + roundTrip(Optional.empty().isPresent()));
        try {
            roundTrip(new Holder(new NotSerializable()));
        } catch (NotSerializableException e) {
            System.out.println("NotSerializableException: " + e.getMessage());
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        DataOutputStream dos = new DataOutputStream(bos);
        dos.writeInt(-1);
        dos.writeLong(1L << 40);
        dos.writeDouble(Math.E);
        dos.writeUTF("héllo");
        dos.writeBoolean(true);
        dos.writeShort(65535);
        dos.writeChar('Ω');
        dos.flush();
        byte[] data = bos.toByteArray();
        System.out.println("data bytes " + data.length + " " + Arrays.toString(Arrays.copyOf(data, 12)));
        DataInputStream dis = new DataInputStream(new ByteArrayInputStream(data));
        System.out.println(dis.readInt() + " " + dis.readLong() + " " + dis.readDouble() + " " + dis.readUTF() + " " + dis.readBoolean() + " " + dis.readShort() + " " + dis.readChar() + " avail " + dis.available());
        try {
            dis.readByte();
        } catch (EOFException e) {
            System.out.println("EOFException");
        }
    }
}
