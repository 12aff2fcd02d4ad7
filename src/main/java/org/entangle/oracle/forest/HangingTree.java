package org.entangle.oracle.forest;

/**
 * A hanging tree with its wires: the interned shape, the wire at each position of the shape's breadth-first
 * layout ({@link TreeTable#parents}), and the complete wire its root points at.
 *
 * @param id     the shape's id in the {@link TreeTable}
 * @param wires  {@code wires[k]}: the wire at layout position k
 * @param anchor the complete wire the root reads when it jumps
 */
record HangingTree(int id, int[] wires, int anchor) {

    /** The wire that position {@code k} points at, given the layout's parents. */
    int target(int[] parent, int k) {
        return parent[k] < 0 ? anchor : wires[parent[k]];
    }

    /** The hanging tree made of the nodes {@code nodes} (old positions, in the new shape's layout). */
    HangingTree part(int newId, int[] nodes, int newAnchor) {
        int[] w = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) w[i] = wires[nodes[i]];
        return new HangingTree(newId, w, newAnchor);
    }

    /** The subtree at position {@code root} as a tree of its own, pointing at {@code newAnchor}. */
    HangingTree subtree(int[] parent, int subtreeId, int root, int newAnchor) {
        int[] nodes = new int[wires.length];
        nodes[0] = root;
        int next = 1;
        for (int k = 0; k < next; k++) {
            for (int v = nodes[k] + 1; v < parent.length; v++) if (parent[v] == nodes[k]) nodes[next++] = v;
        }
        return part(subtreeId, java.util.Arrays.copyOf(nodes, next), newAnchor);
    }
}
