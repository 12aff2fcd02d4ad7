package org.entangle.cli.oracle;

import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * A network as one line of JSON: the project's network file format ({@link NetworkJsonWriter}) with its line
 * breaks and indentation removed, so every line of an {@code enumerate} or {@code sample} output can be read
 * back by {@code NetworkJsonReader}.
 */
public final class NetworkJsonLine {

    private NetworkJsonLine() {
    }

    public static String of(Network network) {
        return NetworkJsonWriter.write(network).replaceAll("\n\\s*", "");
    }
}
