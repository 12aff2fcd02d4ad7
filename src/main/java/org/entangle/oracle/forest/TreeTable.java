package org.entangle.oracle.forest;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Interned unlabelled rooted trees: a tree is identified by the sorted multiset of its subtrees' ids, so two trees
 * have the same id exactly when they are isomorphic (the canonical form of Aho, Hopcroft and Ullman's tree
 * isomorphism test). The single node has id 0. Thread-safe: counting may run on several threads.
 */
final class TreeTable {

    private final Map<Children, Integer> ids = new ConcurrentHashMap<>();
    private volatile int[][] children = new int[1024][];
    private volatile int[] size = new int[1024];
    private volatile int[] depth = new int[1024];
    private volatile AtomicIntegerArray unary = new AtomicIntegerArray(1024);
    private volatile int count;

    TreeTable() {
        add(new Children(new int[0]));
    }

    /** The id of the tree whose root has subtrees {@code kids[0..count)} (sorted in place). Thread-safe. */
    int intern(int[] kids, int count) {
        if (count == 0) return 0;
        if (count == 1) return unary(kids[0]);
        Arrays.sort(kids, 0, count);
        Children key = new Children(Arrays.copyOf(kids, count));
        Integer known = ids.get(key);
        return known != null ? known : add(key);
    }

    /**
     * Adds a tree unless another thread just did. Its entries are written before its id is published through
     * {@link #ids} or {@link #unary}, so a thread that learns the id also sees them.
     */
    private synchronized int add(Children key) {
        Integer known = ids.get(key);
        if (known != null) return known;
        int id = count;
        if (id == size.length) {
            children = Arrays.copyOf(children, id * 2);
            size = Arrays.copyOf(size, id * 2);
            depth = Arrays.copyOf(depth, id * 2);
        }
        int s = 1;
        int d = 0;
        for (int k : key.ids) {
            s += size[k];
            d = Math.max(d, depth[k]);
        }
        children[id] = key.ids;
        size[id] = s;
        depth[id] = d + 1;
        count = id + 1;
        ids.put(key, id);
        return id;
    }

    /** The id of the tree whose root has the single subtree {@code child} (cached: the commonest shape). */
    private int unary(int child) {
        AtomicIntegerArray cache = unary;
        int cached = child < cache.length() ? cache.get(child) : 0;
        if (cached > 0) return cached - 1;
        int id = add(new Children(new int[] {child}));
        cacheUnary(child, id);
        return id;
    }

    private synchronized void cacheUnary(int child, int id) {
        AtomicIntegerArray cache = unary;
        if (child >= cache.length()) {
            AtomicIntegerArray grown = new AtomicIntegerArray(Math.max(child + 1, cache.length() * 2));
            for (int i = 0; i < cache.length(); i++) grown.set(i, cache.get(i));
            unary = cache = grown;
        }
        cache.set(child, id + 1);
    }

    /** The ids of the root's subtrees, ascending. */
    int[] children(int id) {
        return children[id];
    }

    /** Number of nodes. */
    int size(int id) {
        return size[id];
    }

    /** Nodes on the longest root-to-leaf path (a single node has depth 1). */
    int depth(int id) {
        return depth[id];
    }

    /** Number of distinct trees interned so far. */
    int count() {
        return count;
    }

    /** The id of the path of {@code nodes} nodes. */
    int path(int nodes) {
        int id = 0;
        for (int i = 1; i < nodes; i++) id = intern(new int[] {id}, 1);
        return id;
    }

    /**
     * The tree laid out breadth-first: {@code parent[v]} is the index of v's parent (−1 for the root), parents
     * before children, children in ascending id order.
     */
    int[] parents(int id) {
        int[] parent = new int[size(id)];
        layout(id, parent);
        return parent;
    }

    /** The ids of the subtrees at each position of {@link #parents}'s layout. */
    int[] subtrees(int id) {
        return layout(id, new int[size(id)]);
    }

    private int[] layout(int id, int[] parent) {
        int n = size(id);
        int[] tree = new int[n];
        parent[0] = -1;
        tree[0] = id;
        int next = 1;
        for (int v = 0; v < next; v++) {
            for (int k : children(tree[v])) {
                parent[next] = v;
                tree[next] = k;
                next++;
            }
        }
        return tree;
    }

    /** A well-mixed hash of {@code values[0..length)} (short arrays of small ids collide under Arrays.hashCode). */
    static int mix(int[] values, int length) {
        long h = 0x9E3779B97F4A7C15L ^ length;
        for (int i = 0; i < length; i++) {
            h = (h ^ values[i]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }

    private static final class Children {
        final int[] ids;
        final int hash;

        Children(int[] ids) {
            this.ids = ids;
            this.hash = mix(ids, ids.length);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Children c && c.hash == hash && Arrays.equals(c.ids, ids);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
