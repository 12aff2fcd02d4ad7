package org.entangle.app.generalise;

import java.util.List;
import java.util.function.UnaryOperator;
import org.entangle.generalize.variants.NetworkVariants;
import org.entangle.network.Network;

/**
 * One entry of the Variants menu: a name, what it makes, and the transformation of the program's network
 * (forward/backward × inclusive/exclusive). The menu lists {@link #all()}; a new kind of variant is one
 * more entry there.
 *
 * @param name        the menu text
 * @param description the tooltip
 * @param transform   the program's network → the variant
 */
public record VariantTarget(String name, String description, UnaryOperator<Network> transform) {

    /** Every variant the workbench offers ({@link NetworkVariants}). */
    public static List<VariantTarget> all() {
        return List.of(
                new VariantTarget("Backward", "Mirror the wires: a forward scan becomes a backward one", NetworkVariants::backward),
                new VariantTarget("Exclusive", "Shift the inclusive result one wire (identity into wire 0)",
                        NetworkVariants::exclusiveByShift),
                new VariantTarget("Backward exclusive", "Mirror, then shift",
                        n -> NetworkVariants.exclusiveByShift(NetworkVariants.backward(n))));
    }
}
