package org.entangle.network.io;

import java.util.Arrays;
import java.util.function.Function;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.ResultKind;

/**
 * The vocabulary shared by the two forms of a network file, version {@value #VERSION}: the JSON form
 * ({@link NetworkJsonReader}, {@link NetworkJsonWriter}) and the compact text form ({@link NetworkTextFormat}).
 * Both carry the width, the steps, the memory model, the spec (kind, direction, algebra), a name and a
 * provenance; the tokens are those of {@link MemoryModel}, {@link ResultKind}, {@link Direction} and
 * {@link Algebra}.
 */
public final class NetworkFormat {

    /** The format version this code reads and writes. */
    public static final String VERSION = "entangle-network/1";

    private NetworkFormat() {
    }

    /**
     * The constant of {@code type} whose token is {@code text}, or an error message naming the choices, e.g.
     * "unknown kind 'foo' (expected inclusive, exclusive or reduce)".
     */
    public static <E extends Enum<E>> E parseToken(Class<E> type, Function<E, String> tokenOf, String what, String text,
                                                   Function<String, ? extends RuntimeException> error) {
        for (E e : type.getEnumConstants()) {
            if (tokenOf.apply(e).equals(text)) return e;
        }
        throw error.apply("unknown " + what + " '" + text + "' (expected " + choices(type, tokenOf) + ")");
    }

    /** "inclusive, exclusive or reduce": the tokens of an enum, for error messages. */
    public static <E extends Enum<E>> String choices(Class<E> type, Function<E, String> tokenOf) {
        String[] tokens = Arrays.stream(type.getEnumConstants()).map(tokenOf).toArray(String[]::new);
        if (tokens.length == 1) return tokens[0];
        return String.join(", ", Arrays.copyOf(tokens, tokens.length - 1)) + " or " + tokens[tokens.length - 1];
    }
}
