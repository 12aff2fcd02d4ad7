package org.entangle.network.io;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.InvalidNetworkException;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * What a reader has collected from a file, with the position of every op, before it becomes a {@link Network}.
 * Building validates the network and maps an {@link InvalidNetworkException}'s step and op index back to the
 * line and column where that op was written.
 */
final class NetworkDraft {

    /** A 1-based line and column in the source text. */
    record Position(int line, int column) {
    }

    private final String source;
    String name;
    String provenance;
    Integer width;
    Position widthAt;
    MemoryModel model = MemoryModel.IN_PLACE;
    ResultKind kind = ResultKind.INCLUSIVE;
    Direction direction = Direction.FORWARD;
    Algebra algebra = Algebra.ASSOCIATIVE;
    private List<List<Op>> steps;
    private final List<List<Position>> opPositions = new ArrayList<>();

    NetworkDraft(String source) {
        this.source = source;
    }

    NetworkFormatException error(Position at, String problem) {
        return new NetworkFormatException(source, at.line(), at.column(), problem);
    }

    /** The width against {@link NetworkLimits}: a located error at "width" before a network that large is built. */
    void checkWidth() {
        String problem = NetworkLimits.problem(width, NetworkLimits.maxWidth(), NetworkLimits.BYTES_PER_WIRE, "--max-width");
        if (problem != null) throw error(widthAt == null ? new Position(1, 1) : widthAt, problem);
    }

    /** Starts the list of steps (a file without any has no "steps" entry). */
    void beginSteps() {
        steps = new ArrayList<>();
    }

    boolean hasSteps() {
        return steps != null;
    }

    int stepCount() {
        return steps.size();
    }

    void addStep() {
        steps.add(new ArrayList<>());
        opPositions.add(new ArrayList<>());
    }

    void addOp(Op op, Position at) {
        steps.get(steps.size() - 1).add(op);
        opPositions.get(opPositions.size() - 1).add(at);
    }

    /**
     * The validated network. {@code modelOverride} (may be null) replaces the model the file declares;
     * {@code start} locates problems that belong to no single op.
     */
    Network build(MemoryModel modelOverride, Position start) {
        if (width == null) throw error(start, "missing \"width\"");
        checkWidth();
        if (steps == null) throw error(start, "missing \"steps\"");
        List<Step> built = new ArrayList<>(steps.size());
        for (List<Op> ops : steps) built.add(new Step(ops));
        MemoryModel chosen = modelOverride == null ? model : modelOverride;
        Network network;
        try {
            network = Network.of(width, built, chosen);
        } catch (InvalidNetworkException e) {
            Position at = e.step() >= 0 && e.opIndex() >= 0 ? opPositions.get(e.step()).get(e.opIndex()) : widthAt;
            String where = e.step() >= 0 && e.opIndex() >= 0 ? "step " + e.step() + ", op " + e.opIndex() + ": " : "";
            throw error(at, where + e.getMessage());
        }
        return network.withName(name).withProvenance(provenance)
                .withSpec(new ScanSpec(kind, direction, algebra));
    }
}
