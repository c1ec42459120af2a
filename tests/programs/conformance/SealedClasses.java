import java.util.*;

public class SealedClasses {
    static abstract sealed class Vehicle permits Car, Truck, Bike {
        final String id;
        Vehicle(String id) { this.id = id; }
        abstract int wheels();
        String info() { return getClass().getSimpleName() + "#" + id + " wheels=" + wheels(); }
    }
    static final class Car extends Vehicle {
        final int seats;
        Car(String id, int seats) { super(id); this.seats = seats; }
        int wheels() { return 4; }
    }
    static non-sealed class Truck extends Vehicle {
        final double load;
        Truck(String id, double load) { super(id); this.load = load; }
        int wheels() { return 6; }
    }
    static class BigTruck extends Truck {
        BigTruck(String id) { super(id, 40); }
        @Override int wheels() { return 18; }
    }
    static sealed class Bike extends Vehicle permits EBike {
        Bike(String id) { super(id); }
        int wheels() { return 2; }
    }
    static final class EBike extends Bike {
        final int watts;
        EBike(String id, int watts) { super(id); this.watts = watts; }
        @Override String info() { return super.info() + " watts=" + watts; }
    }

    sealed interface Result<T> permits Ok, Err {}
    record Ok<T>(T value) implements Result<T> {}
    record Err<T>(String message) implements Result<T> {}

    static Result<Integer> parse(String s) {
        try {
            return new Ok<>(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return new Err<>("bad number: " + s);
        }
    }

    static double toll(Vehicle v) {
        if (v instanceof Car c) return 2.5 + c.seats * 0.1;
        if (v instanceof BigTruck) return 30;
        if (v instanceof Truck t) return 10 + t.load;
        if (v instanceof EBike e) return e.watts > 500 ? 1 : 0.5;
        if (v instanceof Bike) return 0;
        throw new IllegalStateException();
    }

    public static void main(String[] args) {
        List<Vehicle> vs = List.of(new Car("c1", 5), new Truck("t1", 7.5), new BigTruck("bt"), new Bike("b1"), new EBike("e1", 750), new EBike("e2", 250));
        for (Vehicle v : vs) System.out.println(v.info() + " toll=" + toll(v));
        System.out.println(Vehicle.class.isSealed() + " " + Truck.class.isSealed() + " " + Bike.class.isSealed() + " " + Car.class.isSealed());
        for (Class<?> c : Vehicle.class.getPermittedSubclasses()) System.out.println("permitted: " + c.getName());
        System.out.println(Truck.class.getPermittedSubclasses() == null);
        int sum = 0;
        List<String> errors = new ArrayList<>();
        for (String s : new String[]{"10", "x", "32", "", "-5", "3.5"}) {
            Result<Integer> r = parse(s);
            if (r instanceof Ok<Integer> ok) sum += ok.value();
            else if (r instanceof Err<Integer> err) errors.add(err.message());
        }
        System.out.println("sum " + sum + " errors " + errors);
        Result<String> res = new Ok<>("hi");
        System.out.println(res + " " + new Err<String>("boom") + " " + res.equals(new Ok<>("hi")));
        Map<String, Integer> wheelsByType = new TreeMap<>();
        for (Vehicle v : vs) wheelsByType.merge(v.getClass().getSimpleName(), v.wheels(), Integer::sum);
        System.out.println(wheelsByType);
        System.out.println(new BigTruck("x") instanceof Truck);
        Vehicle v = new EBike("e3", 100);
        System.out.println((v instanceof Bike) + " " + (v instanceof EBike) + " " + (v instanceof Vehicle));
    }
}
