package org.entangle.network.io;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * The compact text form of a network file, for humans: header lines {@code key: value}, then one line per step.
 * <pre>
 * # Brent–Kung at n = 8 (lines starting with # are comments)
 * format: entangle-network/1
 * name: brent-kung-8
 * width: 8
 * model: inplace
 * kind: inclusive
 * direction: forward
 * algebra: associative
 * provenance: Brent and Kung 1982
 * step 0: 1&lt;-0 3&lt;-2 5&lt;-4 7&lt;-6
 * step 1: 3&lt;-1 7&lt;-5
 * </pre>
 * Ops: {@code d<-s} combine, {@code d<~s} swap-combine, {@code d<=s} copy, {@code d=id} identity; a suffix
 * {@code @k} reads the value wire s had after step k (−1: its input), circuit model only. Steps are numbered
 * from 0 without gaps; {@code step 3:} with nothing after the colon is an empty step. Only width and the steps
 * are required; the other keys default as in the JSON form ({@link NetworkJsonReader}).
 */
public final class NetworkTextFormat {

    private static final Pattern STEP = Pattern.compile("step\\s+(\\d+)\\s*:");
    private static final Pattern OP = Pattern.compile("(\\d+)(?:(<-|<~|<=)(\\d+)|(=id))(?:@(-?\\d+))?");
    private static final Pattern TOKEN = Pattern.compile("\\S+");

    private NetworkTextFormat() {
    }

    /** The text form of {@code network}; line breaks inside the name or provenance become spaces. */
    public static String write(Network network) {
        StringBuilder out = new StringBuilder(64 + network.opCount() * 7);
        ScanSpec spec = network.spec();
        out.append("format: ").append(NetworkFormat.VERSION).append('\n');
        if (network.name() != null) out.append("name: ").append(oneLine(network.name())).append('\n');
        out.append("width: ").append(network.width()).append('\n');
        out.append("model: ").append(network.model().token()).append('\n');
        out.append("kind: ").append(spec.kind().token()).append('\n');
        out.append("direction: ").append(spec.direction().token()).append('\n');
        out.append("algebra: ").append(spec.algebra().token()).append('\n');
        if (network.provenance() != null) out.append("provenance: ").append(oneLine(network.provenance())).append('\n');
        List<Step> steps = network.steps();
        for (int s = 0; s < steps.size(); s++) {
            out.append("step ").append(s).append(':');
            for (Op op : steps.get(s).ops()) out.append(' ').append(op(op));
            out.append('\n');
        }
        return out.toString();
    }

    /** One op in the text form, e.g. {@code 3<-1}, {@code 2<~1}, {@code 0=id}, {@code 5<-3@-1}. */
    public static String op(Op op) {
        String base = switch (op.kind()) {
            case COMBINE -> op.dst() + "<-" + op.src();
            case SWAP_COMBINE -> op.dst() + "<~" + op.src();
            case COPY -> op.dst() + "<=" + op.src();
            case IDENTITY -> op.dst() + "=id";
        };
        return op.readsOlderValue() ? base + "@" + op.srcStep() : base;
    }

    /** Reads the text form; {@code source} names the text in messages. */
    public static Network read(String source, String text) {
        return read(source, text, null);
    }

    /** Reads the text form, replacing the declared model with {@code modelOverride} unless it is null. */
    public static Network read(String source, String text, MemoryModel modelOverride) {
        NetworkDraft draft = new NetworkDraft(source);
        Set<String> seenKeys = new HashSet<>();
        String[] lines = text.split("\r?\n", -1);
        for (int l = 0; l < lines.length; l++) {
            String line = lines[l];
            int lineNo = l + 1;
            int indent = firstNonBlank(line);
            if (indent < 0 || line.charAt(indent) == '#') continue;
            Matcher step = STEP.matcher(line).region(indent, line.length());
            if (step.lookingAt()) {
                readStep(draft, line, lineNo, step);
                continue;
            }
            int colon = line.indexOf(':', indent);
            if (colon < 0) {
                throw draft.error(new NetworkDraft.Position(lineNo, indent + 1),
                        "expected 'key: value' or 'step N: ops', found '" + line.strip() + "'");
            }
            String key = line.substring(indent, colon).strip();
            int valueStart = firstNonBlank(line, colon + 1);
            NetworkDraft.Position valueAt = new NetworkDraft.Position(lineNo, (valueStart < 0 ? line.length() : valueStart) + 1);
            if (!seenKeys.add(key)) throw draft.error(new NetworkDraft.Position(lineNo, indent + 1), "duplicate key '" + key + "'");
            readHeader(draft, key, line.substring(colon + 1).strip(), valueAt, new NetworkDraft.Position(lineNo, indent + 1));
        }
        if (!draft.hasSteps()) draft.beginSteps();
        return draft.build(modelOverride, new NetworkDraft.Position(1, 1));
    }

    private static void readHeader(NetworkDraft draft, String key, String value, NetworkDraft.Position valueAt,
                                   NetworkDraft.Position keyAt) {
        if (draft.hasSteps()) throw draft.error(keyAt, "header line '" + key + ":' after the first step");
        switch (key) {
            case "format" -> {
                if (!value.equals(NetworkFormat.VERSION)) {
                    throw draft.error(valueAt, "unsupported format '" + value + "' (this reader knows " + NetworkFormat.VERSION + ")");
                }
            }
            case "name" -> draft.name = value;
            case "provenance" -> draft.provenance = value;
            case "width" -> {
                draft.widthAt = valueAt;
                int width = number(draft, value, valueAt, "width");
                if (width < 1) throw draft.error(valueAt, "width must be at least 1, got " + width);
                draft.width = width;
            }
            case "model" -> draft.model = NetworkFormat.parseToken(MemoryModel.class, MemoryModel::token, "model", value, p -> draft.error(valueAt, p));
            case "kind" -> draft.kind = NetworkFormat.parseToken(ResultKind.class, ResultKind::token, "kind", value, p -> draft.error(valueAt, p));
            case "direction" -> draft.direction = NetworkFormat.parseToken(Direction.class, Direction::token, "direction", value, p -> draft.error(valueAt, p));
            case "algebra" -> draft.algebra = NetworkFormat.parseToken(Algebra.class, Algebra::token, "algebra", value, p -> draft.error(valueAt, p));
            default -> throw draft.error(keyAt, "unknown key '" + key + "'");
        }
    }

    private static void readStep(NetworkDraft draft, String line, int lineNo, Matcher step) {
        if (!draft.hasSteps()) draft.beginSteps();
        NetworkDraft.Position stepAt = new NetworkDraft.Position(lineNo, step.start() + 1);
        int expected = draft.stepCount();
        int number = number(draft, step.group(1), stepAt, "step number");
        if (number != expected) throw draft.error(stepAt, "expected step " + expected + ", found step " + number);
        draft.addStep();
        Matcher token = TOKEN.matcher(line).region(step.end(), line.length());
        while (token.find()) {
            NetworkDraft.Position at = new NetworkDraft.Position(lineNo, token.start() + 1);
            Matcher op = OP.matcher(token.group());
            if (!op.matches()) {
                throw draft.error(at, "bad op '" + token.group() + "' (expected d<-s, d<~s, d<=s or d=id, optionally @step)");
            }
            int dst = number(draft, op.group(1), at, "wire");
            boolean identity = op.group(4) != null;
            int src = identity ? dst : number(draft, op.group(3), at, "wire");
            OpKind kind = identity ? OpKind.IDENTITY
                    : switch (op.group(2)) {
                        case "<-" -> OpKind.COMBINE;
                        case "<~" -> OpKind.SWAP_COMBINE;
                        default -> OpKind.COPY;
                    };
            int srcStep = op.group(5) == null ? Op.CURRENT : number(draft, op.group(5), at, "source step");
            if (op.group(5) != null && srcStep < Op.INPUT) throw draft.error(at, "source step must be -1 (the input) or a step index, got " + srcStep);
            try {
                draft.addOp(new Op(dst, src, kind, srcStep), at);
            } catch (IllegalArgumentException e) {
                throw draft.error(at, e.getMessage());
            }
        }
    }

    private static int number(NetworkDraft draft, String text, NetworkDraft.Position at, String what) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw draft.error(at, what + " must be an integer, found '" + text + "'");
        }
    }

    private static int firstNonBlank(String line) {
        return firstNonBlank(line, 0);
    }

    private static int firstNonBlank(String line, int from) {
        for (int i = from; i < line.length(); i++) {
            if (!Character.isWhitespace(line.charAt(i))) return i;
        }
        return -1;
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
