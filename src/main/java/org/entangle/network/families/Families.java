package org.entangle.network.families;

import java.util.List;
import java.util.stream.Collectors;
import org.entangle.network.Network;

/** The registry of classic families by command-line name. Every network it builds carries a name and provenance. */
public final class Families {

    private static final List<NetworkFamily> ALL = List.of(
            new Serial(), new Sklansky(), new KoggeStone(), new BrentKung(), new HanCarlson(),
            new LadnerFischer(), new Knowles(), new Blelloch(), new BrentKungRadix());

    private Families() {
    }

    /** Every family, in a fixed order. */
    public static List<NetworkFamily> all() {
        return ALL;
    }

    /** The names, for help texts and error messages. */
    public static List<String> names() {
        return ALL.stream().map(NetworkFamily::name).collect(Collectors.toList());
    }

    /** The family called {@code name}. */
    public static NetworkFamily byName(String name) {
        for (NetworkFamily f : ALL) {
            if (f.name().equals(name)) return f;
        }
        throw new IllegalArgumentException("unknown family '" + name + "'; known: " + String.join(", ", names()));
    }

    /** The family's network at width n with its default parameter. */
    public static Network build(String name, int n) {
        NetworkFamily f = byName(name);
        return build(name, n, f.defaultParameter());
    }

    /** The family's network at width n with parameter {@code param}, named and with its provenance. */
    public static Network build(String name, int n, int param) {
        NetworkFamily f = byName(name);
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        String label = f.parameterMeaning() == null ? name + "-" + n : name + "-" + n + "-p" + param;
        return f.build(n, param).withName(label).withProvenance(f.citation());
    }
}
