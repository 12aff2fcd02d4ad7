package org.entangle.app.entangle;

/** Which traces the entanglement panel analyses: every network, the gallery's filtered list, or a uniform sample. */
public enum TraceSource {
    ALL("all"), FILTERED("filtered"), SAMPLED("sampled");

    private final String label;

    TraceSource(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
