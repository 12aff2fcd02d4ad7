package org.entangle.cli.gpu;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cli.common.UserError;

/**
 * Parses size lists such as {@code 0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24,2^28}: comma-separated sums and
 * differences of integers, powers {@code a^b} and the word {@code tile} (the kernel's elements per block).
 */
final class SizeList {

    /** The check protocol's sizes (0, 1, around the tile, a prime and the largest sizes). */
    static final String CHECK_DEFAULT = "0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24,2^28";
    /** The benchmark's sizes. */
    static final String BENCH_DEFAULT = "2^16,2^20,2^24,2^28,2^30";

    private SizeList() {
    }

    static List<Long> parse(String text, long tile) {
        List<Long> sizes = new ArrayList<>();
        for (String item : text.split(",")) {
            String s = item.strip();
            if (s.isEmpty()) continue;
            sizes.add(evaluate(s, tile));
        }
        return sizes;
    }

    private static long evaluate(String expression, long tile) {
        long total = 0;
        int sign = 1;
        int start = 0;
        for (int i = 0; i <= expression.length(); i++) {
            if (i == expression.length() || (i > start && (expression.charAt(i) == '+' || expression.charAt(i) == '-'))) {
                total += sign * term(expression.substring(start, i).strip(), tile, expression);
                if (i < expression.length()) sign = expression.charAt(i) == '+' ? 1 : -1;
                start = i + 1;
            }
        }
        if (total < 0) throw new UserError("size " + expression + " is negative");
        return total;
    }

    private static long term(String term, long tile, String expression) {
        try {
            if (term.equals("tile")) return tile;
            int caret = term.indexOf('^');
            if (caret < 0) return Long.parseLong(term);
            return Math.round(Math.pow(Long.parseLong(term.substring(0, caret)), Long.parseLong(term.substring(caret + 1))));
        } catch (NumberFormatException e) {
            throw new UserError("cannot read size '" + expression + "' (use integers, a^b, tile, + and -)");
        }
    }
}
