package org.entangle.cli.oracle;

import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.Step;

/**
 * A network as one line of JSON: {@code {"width":8,"steps":[[[1,0],[3,2]],[[3,1]]]}}, each op {@code [dst, src]}
 * for a combine and {@code [dst, src, "copy"|"identity"|"swap"]} for the other kinds (in-place model).
 */
public final class NetworkJsonLine {

    private NetworkJsonLine() {
    }

    public static String of(Network network) {
        StringBuilder sb = new StringBuilder("{\"width\":").append(network.width()).append(",\"steps\":[");
        List<Step> steps = network.steps();
        for (int s = 0; s < steps.size(); s++) {
            if (s > 0) sb.append(',');
            sb.append('[');
            List<Op> ops = steps.get(s).ops();
            for (int i = 0; i < ops.size(); i++) {
                Op op = ops.get(i);
                if (i > 0) sb.append(',');
                sb.append('[').append(op.dst()).append(',').append(op.src());
                if (op.kind() != OpKind.COMBINE) sb.append(",\"").append(op.kind().token()).append('"');
                sb.append(']');
            }
            sb.append(']');
        }
        return sb.append("]}").toString();
    }
}
