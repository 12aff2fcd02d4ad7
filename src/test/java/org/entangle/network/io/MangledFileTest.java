package org.entangle.network.io;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import java.util.function.BiFunction;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * Randomly mangled files (characters deleted, inserted, replaced or swapped) either still read as a network or
 * fail with a located {@link NetworkFormatException}: never another exception, never a position outside the
 * text.
 */
class MangledFileTest {

    private static final long SEED = 909L;
    private static final String ALPHABET = "{}[],:\"-0123456789 \n\tabcdefghijklmnopqrstuvwxyz@<=~#.eE+";

    @Test
    void mangledJsonFailsOnlyWithLocatedFormatErrors() {
        Network blelloch = Families.build("blelloch", 6);
        assertOnlyLocatedErrors(NetworkJsonWriter.write(blelloch), NetworkJsonReader::read);
    }

    @Test
    void mangledTextFailsOnlyWithLocatedFormatErrors() {
        Network bk = Families.build("brent-kung", 7);
        assertOnlyLocatedErrors(NetworkTextFormat.write(bk), NetworkTextFormat::read);
    }

    private static void assertOnlyLocatedErrors(String original, BiFunction<String, String, Network> reader) {
        System.out.println("MangledFileTest seed " + SEED);
        Random random = new Random(SEED);
        int rejected = 0;
        for (int trial = 0; trial < 3000; trial++) {
            String text = mangle(random, original, 1 + random.nextInt(3));
            try {
                reader.apply("m", text);
            } catch (NetworkFormatException e) {
                rejected++;
                int lines = text.split("\n", -1).length;
                assertTrue(e.line() >= 1 && e.line() <= lines + 1 && e.column() >= 1, e.getMessage());
                assertTrue(e.getMessage().startsWith("m:" + e.line() + ":" + e.column() + ": "), e.getMessage());
                assertTrue(e.getMessage().indexOf('\n') < 0, e.getMessage());
            } catch (RuntimeException e) {
                fail("seed " + SEED + ", trial " + trial + ": " + e + " for\n" + text);
            }
        }
        assertTrue(rejected > 1000, "most mangled files are rejected: " + rejected);
    }

    private static String mangle(Random random, String text, int edits) {
        StringBuilder sb = new StringBuilder(text);
        for (int e = 0; e < edits && sb.length() > 1; e++) {
            int at = random.nextInt(sb.length());
            char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            switch (random.nextInt(4)) {
                case 0 -> sb.deleteCharAt(at);
                case 1 -> sb.insert(at, c);
                case 2 -> sb.setCharAt(at, c);
                default -> {
                    int other = random.nextInt(sb.length());
                    char tmp = sb.charAt(at);
                    sb.setCharAt(at, sb.charAt(other));
                    sb.setCharAt(other, tmp);
                }
            }
        }
        return sb.toString();
    }
}
