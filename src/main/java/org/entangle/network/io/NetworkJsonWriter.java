package org.entangle.network.io;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * Writes the JSON form that {@link NetworkJsonReader} reads, one step per line, with every field explicit
 * (format version, name and provenance when present, width, model, spec). Reading the output gives back an
 * equal network with the same metadata.
 */
public final class NetworkJsonWriter {

    private NetworkJsonWriter() {
    }

    /** The JSON text of {@code network}, ending with a newline. */
    public static String write(Network network) {
        StringBuilder out = new StringBuilder(64 + network.opCount() * 10);
        ScanSpec spec = network.spec();
        out.append("{\n");
        field(out, "format", quote(NetworkFormat.VERSION));
        if (network.name() != null) field(out, "name", quote(network.name()));
        field(out, "width", Integer.toString(network.width()));
        field(out, "model", quote(network.model().token()));
        field(out, "kind", quote(spec.kind().token()));
        field(out, "direction", quote(spec.direction().token()));
        field(out, "algebra", quote(spec.algebra().token()));
        if (network.provenance() != null) field(out, "provenance", quote(network.provenance()));
        out.append("  \"steps\": [");
        List<Step> steps = network.steps();
        for (int s = 0; s < steps.size(); s++) {
            out.append(s == 0 ? "\n    [" : ",\n    [");
            List<Op> ops = steps.get(s).ops();
            for (int i = 0; i < ops.size(); i++) {
                if (i > 0) out.append(", ");
                op(out, ops.get(i));
            }
            out.append(']');
        }
        out.append(steps.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
        return out.toString();
    }

    private static void op(StringBuilder out, Op op) {
        out.append('[').append(op.dst());
        if (op.kind() == OpKind.IDENTITY) {
            out.append(", \"identity\"]");
            return;
        }
        out.append(", ").append(op.src());
        if (op.readsOlderValue()) {
            out.append(", ").append(quote(op.kind().token())).append(", ").append(op.srcStep());
        } else if (op.kind() != OpKind.COMBINE) {
            out.append(", ").append(quote(op.kind().token()));
        }
        out.append(']');
    }

    private static void field(StringBuilder out, String name, String jsonValue) {
        out.append("  \"").append(name).append("\": ").append(jsonValue).append(",\n");
    }

    private static String quote(String text) {
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + '"';
    }
}
