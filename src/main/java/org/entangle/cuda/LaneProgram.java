package org.entangle.cuda;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.Step;

/**
 * A network of the in-place model recast as what each lane (wire) does in each step: one GPU thread per wire,
 * and in every step a lane either keeps its value or reads one partner lane and computes its new value from
 * its own and the partner's (the op semantics of {@link OpKind}: a combine puts the lower wire's value on
 * the left, a swap-combine the higher wire's; the source side of a swap and a copy take the partner's value).
 * A step maps to exactly one exchange of values, so it costs one {@code __shfl_sync} when every op stays in a
 * warp and one {@code __syncthreads()} otherwise.
 */
public final class LaneProgram {

    /** What a lane does in a step. The code is the kind stored in the generated table. */
    public enum LaneAction {
        /** Keep the own value. */
        KEEP(0),
        /** Take the partner's value (a copy, or the source side of a swap-combine). */
        TAKE(1),
        /** Combine own and partner value, lower wire on the left ({@link OpKind#COMBINE}). */
        COMBINE(2),
        /** Combine own and partner value, higher wire on the left (destination of {@link OpKind#SWAP_COMBINE}). */
        SWAP_COMBINE(3),
        /** Become the identity ({@link OpKind#IDENTITY}). */
        IDENTITY(4);

        private final int code;

        LaneAction(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** One lane's instruction in one step. */
    public record Instruction(LaneAction action, int partner) {
        /** The table entry: action in bits 10..12, partner lane in bits 0..9. */
        public int encoded() {
            return action.code() << PARTNER_BITS | partner;
        }
    }

    /** Bits of a table entry that hold the partner lane (so at most 1024 lanes, a block's thread limit). */
    public static final int PARTNER_BITS = 10;
    /** The widest network a lane program maps onto one block. */
    public static final int MAX_WIDTH = 1 << PARTNER_BITS;

    private final int width;
    private final List<Instruction[]> steps;
    private final List<String> stepText;

    private LaneProgram(int width, List<Instruction[]> steps, List<String> stepText) {
        this.width = width;
        this.steps = steps;
        this.stepText = stepText;
    }

    /**
     * The lane program of {@code network} (empty steps dropped).
     *
     * @throws IllegalArgumentException when the network is wider than {@link #MAX_WIDTH} or reads older values
     *                                  (the circuit model needs a history the generated kernels do not keep)
     */
    public static LaneProgram of(Network network) {
        int n = network.width();
        if (n > MAX_WIDTH) {
            throw new IllegalArgumentException("network width " + n + " exceeds the " + MAX_WIDTH + " threads of a block");
        }
        List<Instruction[]> steps = new ArrayList<>();
        List<String> text = new ArrayList<>();
        for (Step step : network.steps()) {
            if (step.isEmpty()) continue;
            Instruction[] lanes = new Instruction[n];
            for (int w = 0; w < n; w++) lanes[w] = new Instruction(LaneAction.KEEP, w);
            StringBuilder sb = new StringBuilder();
            for (Op op : step.ops()) {
                if (op.readsOlderValue()) {
                    throw new IllegalArgumentException("op " + op + " reads an older value; CUDA generation needs in-place networks");
                }
                switch (op.kind()) {
                    case COMBINE -> lanes[op.dst()] = new Instruction(LaneAction.COMBINE, op.src());
                    case SWAP_COMBINE -> {
                        lanes[op.dst()] = new Instruction(LaneAction.SWAP_COMBINE, op.src());
                        lanes[op.src()] = new Instruction(LaneAction.TAKE, op.dst());
                    }
                    case IDENTITY -> lanes[op.dst()] = new Instruction(LaneAction.IDENTITY, op.dst());
                    case COPY -> lanes[op.dst()] = new Instruction(LaneAction.TAKE, op.src());
                    default -> throw new IllegalStateException(op.kind().toString());
                }
                if (sb.length() > 0) sb.append(' ');
                sb.append(op);
            }
            steps.add(lanes);
            text.add(sb.toString());
        }
        return new LaneProgram(n, steps, text);
    }

    public int width() {
        return width;
    }

    public int stepCount() {
        return steps.size();
    }

    /** The instruction of {@code lane} in {@code step}. */
    public Instruction instruction(int step, int lane) {
        return steps.get(step)[lane];
    }

    /** The step's ops in the network's text form (for comments). */
    public String stepText(int step) {
        return stepText.get(step);
    }

    /** Whether every lane of the step reads a partner in its own warp of 32 lanes (one shuffle suffices). */
    public boolean staysInWarps(int step) {
        Instruction[] lanes = steps.get(step);
        for (int w = 0; w < lanes.length; w++) {
            if (lanes[w].partner() / 32 != w / 32) return false;
        }
        return true;
    }
}
