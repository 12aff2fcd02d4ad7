package org.entangle.diagram;

import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.check.SymbolicValue;

/**
 * The symbolic value (the range semantics of prefix networks, in the algebra of the network's spec) of every op's
 * operands and result and of every output, in the notation of {@link SymbolicValue#describe()}. One run of
 * {@link NetworkInterpreter} with {@link RangeChecker#algebraFor}.
 *
 * @param result  the value each op leaves on its destination wire, by flat index
 * @param left    each op's left operand ("" when it has none)
 * @param right   each op's right operand ("" when it has none)
 * @param outputs the value each wire ends with
 */
public record ValueRanges(String[] result, String[] left, String[] right, String[] outputs) {

    public static ValueRanges of(Network network) {
        int ops = network.opCount();
        int[] first = new int[network.stepCount()];
        for (int s = 1; s < first.length; s++) first[s] = first[s - 1] + network.step(s - 1).size();
        String[] result = new String[ops];
        String[] left = new String[ops];
        String[] right = new String[ops];
        List<SymbolicValue> out = NetworkInterpreter.run(network, RangeChecker.algebraFor(network.spec().algebra()),
                (step, index, op, l, r, value) -> {
                    int flat = first[step] + index;
                    result[flat] = value.describe();
                    left[flat] = l == null ? "" : l.describe();
                    right[flat] = r == null ? "" : r.describe();
                });
        String[] outputs = new String[network.width()];
        for (int w = 0; w < outputs.length; w++) outputs[w] = out.get(w).describe();
        return new ValueRanges(result, left, right, outputs);
    }
}
