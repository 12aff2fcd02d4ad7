package org.entangle.app.inspect;

/** How the network view shows the second network: not at all, beside the first, or as a diff coloured on the first. */
public enum CompareMode {
    NONE("no comparison"), SIDE_BY_SIDE("side by side"), DIFF("diff");

    private final String label;

    CompareMode(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
