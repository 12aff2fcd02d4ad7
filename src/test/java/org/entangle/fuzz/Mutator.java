package org.entangle.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A seeded mutator of text inputs for the readers and the language: each mutation is a bit flip of one character,
 * the deletion, insertion or duplication of a token (a run of letters and digits, a run of blanks, or one other
 * character), or the substitution of a number by a boundary value (0, ±1, the int limits and just past them, a
 * billion, a number too long for a long). Everything it does follows from the {@link Random} it is given.
 */
final class Mutator {

    private static final Pattern TOKEN = Pattern.compile("-?[0-9]+|[A-Za-z_][A-Za-z_0-9]*|\\s+|.", Pattern.DOTALL);
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+");
    private static final String[] BOUNDARIES = {"0", "-1", "1", "2", "2147483647", "-2147483648", "2147483648", "-2147483649",
        "1000000000", "100000000", "65536", "99999999999999999999999"};
    private static final String[] INSERTS = {"{", "}", "(", ")", "[", "]", ",", ":", "\"", "..", "!!", "??", "-", "+", "*", "/", "%",
        "<<", "=", "#", "\n", "null", "true", "for", "parallel", "x", "N", "0", "-1", "\"width\":", "step 0:", "<-", "⊥"};

    private final Random random;

    Mutator(Random random) {
        this.random = random;
    }

    /** {@code text} after one to three mutations. */
    String mutate(String text) {
        String out = text;
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) out = once(out);
        return out;
    }

    private String once(String text) {
        List<int[]> tokens = tokens(text);
        if (tokens.isEmpty()) return INSERTS[random.nextInt(INSERTS.length)];
        int[] t = tokens.get(random.nextInt(tokens.size()));
        String token = text.substring(t[0], t[1]);
        return switch (random.nextInt(5)) {
            case 0 -> flipBit(text);
            case 1 -> text.substring(0, t[0]) + text.substring(t[1]);
            case 2 -> text.substring(0, t[0]) + insertion(text, tokens) + text.substring(t[0]);
            case 3 -> text.substring(0, t[1]) + token.repeat(1 + random.nextInt(random.nextBoolean() ? 3 : 400)) + text.substring(t[1]);
            default -> boundary(text, tokens);
        };
    }

    private String flipBit(String text) {
        int at = random.nextInt(text.length());
        char flipped = (char) (text.charAt(at) ^ (1 << random.nextInt(8)));
        return text.substring(0, at) + flipped + text.substring(at + 1);
    }

    /** A token of the text itself or one of the characters readers treat specially. */
    private String insertion(String text, List<int[]> tokens) {
        if (random.nextBoolean()) return INSERTS[random.nextInt(INSERTS.length)];
        int[] t = tokens.get(random.nextInt(tokens.size()));
        return text.substring(t[0], t[1]);
    }

    private String boundary(String text, List<int[]> tokens) {
        List<int[]> numbers = new ArrayList<>();
        for (int[] t : tokens) {
            if (NUMBER.matcher(text.substring(t[0], t[1])).matches()) numbers.add(t);
        }
        if (numbers.isEmpty()) return flipBit(text);
        int[] t = numbers.get(random.nextInt(numbers.size()));
        return text.substring(0, t[0]) + BOUNDARIES[random.nextInt(BOUNDARIES.length)] + text.substring(t[1]);
    }

    private static List<int[]> tokens(String text) {
        List<int[]> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) out.add(new int[] {m.start(), m.end()});
        return out;
    }
}
