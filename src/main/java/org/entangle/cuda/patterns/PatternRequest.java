package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.network.Network;

/**
 * What a user asks of a GPU parallel pattern (the GPU parallel-patterns seed; CUB's device-wide algorithms):
 * the network the pattern is built around (a catalogue family, an oracle result or an instance of a generalised
 * program), the element or key types to cover (empty: the pattern's defaults), and the pattern's own options
 * by name (for example {@code op=max}, {@code bins=256}, {@code predicate=threshold}).
 *
 * @param network      the scan network the pattern uses (its width is the block's network width)
 * @param networkName  how reports name it, for example {@code sklansky-256}
 * @param types        type tokens such as {@code int32} or {@code uint32}; empty for the pattern's defaults
 * @param options      pattern-specific options; absent keys take the pattern's defaults
 */
public record PatternRequest(Network network, String networkName, List<String> types, Map<String, String> options) {

    public PatternRequest {
        types = List.copyOf(types);
        options = Map.copyOf(options);
    }

    /** The option's value, or {@code fallback} when the user gave none. */
    public String option(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }

    /**
     * The option's whole-number value in {@code min..max}, or {@code fallback} when the user gave none; a value that
     * is not a whole number or lies outside the range is an {@link IllegalArgumentException} naming {@code pattern}.
     */
    public int intOption(String pattern, String key, int fallback, int min, int max) {
        return wholeNumber(pattern, key, option(key, Integer.toString(fallback)), min, max);
    }

    /**
     * A comma-separated option of whole numbers in {@code min..max}, each once in the order given; {@code fallback}
     * alone when absent. Each value is read as {@link #intOption} reads one.
     */
    public List<Integer> intListOption(String pattern, String key, int fallback, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String token : option(key, Integer.toString(fallback)).split(",", -1)) {
            int value = wholeNumber(pattern, key, token, min, max);
            if (!out.contains(value)) out.add(value);
        }
        return out;
    }

    private static int wholeNumber(String pattern, String key, String text, int min, int max) {
        int value;
        try {
            value = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(pattern + ": " + key + "=" + text.strip() + " is not a whole number");
        }
        if (value < min || value > max) throw new IllegalArgumentException(pattern + ": " + key + "=" + value + " is not in " + min + ".." + max);
        return value;
    }
}
