package org.entangle.network.eval;

import java.util.List;
import java.util.function.BinaryOperator;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.ValueAlgebra;

/**
 * Evaluates a network on concrete values with any associative operator and its identity. The semantics of
 * every op comes from {@link NetworkInterpreter}, the one definition the range checker and the metrics use
 * too (after Hardcaml's prefix_sum: one network, many interpreters).
 */
public final class Evaluator {

    private Evaluator() {
    }

    /** The final value of every wire when wire i starts with {@code inputs.get(i)}. */
    public static <T> List<T> evaluate(Network network, List<T> inputs, T identity, BinaryOperator<T> operator) {
        if (inputs.size() != network.width()) {
            throw new IllegalArgumentException("the network has " + network.width() + " wires but "
                    + inputs.size() + " values were given");
        }
        return NetworkInterpreter.run(network, new ConcreteAlgebra<>(List.copyOf(inputs), identity, operator));
    }

    /** {@link #evaluate(Network, List, Object, BinaryOperator)} with a {@link Monoid}. */
    public static <T> List<T> evaluate(Network network, List<T> inputs, Monoid<T> monoid) {
        return evaluate(network, inputs, monoid.identity(), monoid.operator());
    }

    /** Concrete values: the given inputs, identity and operator. */
    private record ConcreteAlgebra<T>(List<T> inputs, T identity, BinaryOperator<T> operator) implements ValueAlgebra<T> {
        @Override
        public T input(int wire) {
            return inputs.get(wire);
        }

        @Override
        public T combine(T left, T right) {
            return operator.apply(left, right);
        }
    }
}
