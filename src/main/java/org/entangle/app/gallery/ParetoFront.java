package org.entangle.app.gallery;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The size/depth Pareto front of networks grouped by width, in O(m log m) for m networks: a network is on the front
 * when no other of its width is as small and as shallow and strictly better in one of the two. Sorted by (width,
 * size, depth), a group of equal points is dominated exactly when an earlier point of its width (smaller size, or the
 * same size and smaller depth) is at most as deep.
 */
final class ParetoFront {

    private ParetoFront() {
    }

    /** Whether each point is on its width's front; the arrays are parallel. */
    static boolean[] of(int[] width, int[] size, int[] depth) {
        Integer[] order = new Integer[width.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.<Integer>comparingInt(i -> width[i]).thenComparingInt(i -> size[i]).thenComparingInt(i -> depth[i]));
        boolean[] front = new boolean[width.length];
        int k = 0;
        while (k < order.length) {
            int w = width[order[k]];
            int bestDepth = Integer.MAX_VALUE;
            while (k < order.length && width[order[k]] == w) {
                int first = order[k];
                int end = k;
                while (end < order.length && width[order[end]] == w && size[order[end]] == size[first] && depth[order[end]] == depth[first]) end++;
                boolean onFront = bestDepth > depth[first];
                for (int j = k; j < end; j++) front[order[j]] = onFront;
                bestDepth = Math.min(bestDepth, depth[first]);
                k = end;
            }
        }
        return front;
    }
}
