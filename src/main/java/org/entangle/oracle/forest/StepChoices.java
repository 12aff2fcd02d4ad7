package org.entangle.oracle.forest;

/**
 * One SIMD step of pointer jumping on a hanging tree, every choice of it. In the in-place model of the talk's
 * associative program, wire w holds a range {@code [lo, w]} and may combine only with wire {@code lo − 1}, the
 * lane that keeps its range contiguous; so a state is a tree in which each incomplete wire points at wire
 * {@code lo − 1}, a step lets any set of incomplete wires jump to their grandparent (all reads before all writes),
 * and a wire is complete once it points past wire 0. A <em>hanging tree</em> is a maximal subtree whose root points
 * at a complete wire: its wires need nothing from outside it, so disjoint hanging trees evolve independently.
 *
 * <p>For a hanging tree laid out breadth-first ({@link TreeTable#parents}) this enumerates the sets of jumping
 * wires that can still finish: after the step every wire must be within {@code 2^(steps left) − 1} links of a
 * complete wire (pointer jumping at most halves a distance per step), and the jumps that do not complete a wire
 * (every jump but the root's) must fit the extra-op budget. For each set it reports the hanging trees the step
 * leaves, as interned ids, and for each the tree's nodes in that id's breadth-first layout.
 */
final class StepChoices {

    /** Receives each admissible set of jumps. */
    interface Visitor {
        /**
         * @param jump      {@code jump[v]} whether node v jumps
         * @param extra     jumps that complete no wire (all but the root's)
         * @param trees     ids of the hanging trees after the step, {@code trees[0..count)}
         * @param layouts   {@code layouts[i][k]}: the node (old index) at position k of tree i's layout
         * @param count     number of hanging trees after the step
         */
        void visit(boolean[] jump, int extra, int[] trees, int[][] layouts, int count);
    }

    private final TreeTable table;
    private final boolean withLayouts;

    StepChoices(TreeTable table, boolean withLayouts) {
        this.table = table;
        this.withLayouts = withLayouts;
    }

    /**
     * Enumerates the admissible jump sets of the tree with parents {@code parent} and {@code stepsLeft} ≥ 1; when
     * {@code rootStays}, only those in which the root does not jump.
     */
    void forEach(int[] parent, int stepsLeft, int maxExtra, boolean rootStays, Visitor visitor) {
        Walk walk = new Walk(parent, stepsLeft, maxExtra, visitor);
        if (rootStays) {
            walk.newDepth[0] = 1;
            walk.choose(1, 0, 1);
        } else {
            walk.choose(0, 0, 0);
        }
    }

    /** Longest admissible distance (in links to a complete wire) with {@code steps} steps left. */
    static int reach(int steps) {
        return steps >= 30 ? Integer.MAX_VALUE : (1 << steps) - 1;
    }

    private final class Walk {
        final int[] parent;
        final int n;
        final int limit;
        final int stepsAfter;
        final int maxExtra;
        final Visitor visitor;
        final boolean[] jump;
        final int[] newDepth;
        final int[] newParent;
        final int[] id;
        final int[][] kids;
        final int[] kidCount;
        final int[] trees;
        final int[] roots;
        final int[][] layouts;
        final int[] scratch;

        Walk(int[] parent, int stepsLeft, int maxExtra, Visitor visitor) {
            this.parent = parent;
            this.n = parent.length;
            this.limit = reach(stepsLeft - 1);
            this.stepsAfter = stepsLeft - 1;
            this.maxExtra = maxExtra;
            this.visitor = visitor;
            this.jump = new boolean[n];
            this.newDepth = new int[n];
            this.newParent = new int[n];
            this.id = new int[n];
            this.kids = new int[n][];
            this.kidCount = new int[n];
            this.trees = new int[n];
            this.roots = new int[n];
            this.layouts = withLayouts ? new int[n][] : null;
            this.scratch = new int[n];
        }

        /**
         * Decides node v (breadth-first, so its parent and grandparent are decided); {@code deepest} is the largest
         * new depth so far, whose path needs at least {@code deepest − (steps left after this one)} extra ops.
         */
        void choose(int v, int extra, int deepest) {
            if (v == n) {
                finish(extra);
                return;
            }
            int p = parent[v];
            int stay = (p < 0 ? 0 : newDepth[p]) + 1;
            if (stay <= limit && extra + ForestBounds.extraNeeded(Math.max(deepest, stay), stepsAfter) <= maxExtra) {
                jump[v] = false;
                newDepth[v] = stay;
                choose(v + 1, extra, Math.max(deepest, stay));
            }
            int cost = p < 0 ? 0 : 1;
            if (extra + cost <= maxExtra) {
                int leap = p < 0 ? 0 : (parent[p] < 0 ? 0 : newDepth[parent[p]]) + 1;
                if (leap <= limit && extra + cost + ForestBounds.extraNeeded(Math.max(deepest, leap), stepsAfter) <= maxExtra) {
                    jump[v] = true;
                    newDepth[v] = leap;
                    choose(v + 1, extra + cost, Math.max(deepest, leap));
                    jump[v] = false;
                }
            }
        }

        /** Builds the hanging trees the chosen jumps leave and hands them to the visitor. */
        private void finish(int extra) {
            boolean rootDone = jump[0];
            for (int v = 0; v < n; v++) {
                int p = parent[v];
                int np = jump[v] ? (p < 0 ? -2 : parent[p]) : p;
                if (np == 0 && rootDone) np = -1;
                newParent[v] = np;
                kidCount[v] = 0;
            }
            for (int v = n - 1; v >= 0; v--) {
                if (newParent[v] == -2) continue;
                id[v] = table.intern(kids[v] == null ? scratch : kids[v], kidCount[v]);
                int np = newParent[v];
                if (np >= 0) {
                    if (kids[np] == null) kids[np] = new int[n];
                    kids[np][kidCount[np]++] = id[v];
                }
            }
            int count = 0;
            for (int v = 0; v < n; v++) {
                if (newParent[v] == -1) {
                    roots[count] = v;
                    trees[count++] = id[v];
                }
            }
            if (withLayouts) {
                for (int i = 0; i < count; i++) layouts[i] = layout(roots[i]);
            }
            visitor.visit(jump, extra, trees, layouts, count);
        }

        /** The nodes of the hanging tree rooted at {@code root}, in its id's breadth-first layout. */
        private int[] layout(int root) {
            int[] order = new int[table.size(id[root])];
            order[0] = root;
            int next = 1;
            for (int k = 0; k < next; k++) {
                int u = order[k];
                int first = next;
                for (int v = u + 1; v < n; v++) if (newParent[v] == u) order[next++] = v;
                for (int a = first + 1; a < next; a++) {
                    int x = order[a];
                    int b = a - 1;
                    while (b >= first && id[order[b]] > id[x]) {
                        order[b + 1] = order[b];
                        b--;
                    }
                    order[b + 1] = x;
                }
            }
            return order;
        }
    }
}
