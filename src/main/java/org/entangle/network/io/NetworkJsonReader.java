package org.entangle.network.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.util.regex.Pattern;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.ResultKind;

/**
 * Reads the JSON form of a network file (version {@value NetworkFormat#VERSION}) with Jackson's streaming
 * parser, so that every problem is reported at its line and column:
 * <pre>
 * {"format": "entangle-network/1", "name": "brent-kung-8", "width": 8, "model": "inplace",
 *  "kind": "inclusive", "direction": "forward", "algebra": "associative", "provenance": "...",
 *  "steps": [[[1,0],[3,2],[5,4],[7,6]], [[3,1],[7,5]], [[7,3]], [[5,3]], [[2,1],[4,3],[6,5]]]}
 * </pre>
 * Only "width" and "steps" are required. An op is {@code [dst, src]} (combine), {@code [dst, src, "swap"]},
 * {@code [dst, src, "copy"]}, {@code [dst, "identity"]}, or {@code [dst, src, kind, srcStep]}: in the circuit
 * model, read the value wire src had after step srcStep (−1: its input), see {@link Op#srcStep()}.
 */
public final class NetworkJsonReader {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final Pattern START_MARKER =
            Pattern.compile("\\(start marker at \\[Source: [^\\]]*; line: (\\d+), column: (\\d+)\\]\\)");

    private static final String OP_FORMS =
            "an op is [dst, src], [dst, src, \"swap\"|\"copy\"], [dst, \"identity\"] or [dst, src, kind, srcStep]";

    private final String source;
    private final NetworkDraft draft;
    private JsonParser parser;

    private NetworkJsonReader(String source) {
        this.source = source;
        this.draft = new NetworkDraft(source);
    }

    /** Reads a network; {@code source} names the text in messages (usually the file name). */
    public static Network read(String source, String text) {
        return read(source, text, null);
    }

    /** Reads a network, replacing the model the file declares with {@code modelOverride} unless it is null. */
    public static Network read(String source, String text, MemoryModel modelOverride) {
        return new NetworkJsonReader(source).parse(text, modelOverride);
    }

    private Network parse(String text, MemoryModel modelOverride) {
        try (JsonParser p = FACTORY.createParser(text)) {
            parser = p;
            JsonToken first = parser.nextToken();
            if (first == null) throw error(here(), "empty file: expected a JSON object");
            if (first != JsonToken.START_OBJECT) throw error(here(), "expected a JSON object, found " + describe(first));
            NetworkDraft.Position start = here();
            readFields();
            long end = parser.currentLocation().getCharOffset();
            JsonToken after;
            try {
                after = parser.nextToken();
            } catch (JsonParseException e) {
                after = JsonToken.NOT_AVAILABLE;
            }
            if (after != null) throw error(firstNonBlankAfter(text, end), "unexpected text after the network object");
            return draft.build(modelOverride, start);
        } catch (JsonParseException e) {
            throw error(position(e.getLocation()), "bad JSON: " + jacksonProblem(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new NetworkFormatException(source, 1, 1, "cannot read: " + e.getMessage());
        }
    }

    private void readFields() throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            NetworkDraft.Position fieldAt = here();
            parser.nextToken();
            switch (field) {
                case "format" -> {
                    String version = string(field);
                    if (!version.equals(NetworkFormat.VERSION)) {
                        throw error(here(), "unsupported format '" + version + "' (this reader knows "
                                + NetworkFormat.VERSION + ")");
                    }
                }
                case "name" -> draft.name = nullableString(field);
                case "provenance" -> draft.provenance = nullableString(field);
                case "width" -> {
                    draft.widthAt = here();
                    int width = integer("width");
                    if (width < 1) throw error(here(), "width must be at least 1, got " + width);
                    draft.width = width;
                }
                case "model" -> draft.model = token(MemoryModel.class, MemoryModel::token, "model");
                case "kind" -> draft.kind = token(ResultKind.class, ResultKind::token, "kind");
                case "direction" -> draft.direction = token(Direction.class, Direction::token, "direction");
                case "algebra" -> draft.algebra = token(Algebra.class, Algebra::token, "algebra");
                case "steps" -> readSteps();
                default -> throw error(fieldAt, "unknown field \"" + field + "\"");
            }
        }
    }

    private void readSteps() throws IOException {
        expect(JsonToken.START_ARRAY, "\"steps\" must be an array of steps");
        draft.beginSteps();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_ARRAY, "a step must be an array of ops");
            draft.addStep();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                expect(JsonToken.START_ARRAY, OP_FORMS);
                NetworkDraft.Position opAt = here();
                draft.addOp(readOp(opAt), opAt);
            }
        }
    }

    /** Reads the elements of one op array; the parser stands on its START_ARRAY. */
    private Op readOp(NetworkDraft.Position opAt) throws IOException {
        parser.nextToken();
        int dst = wire("dst");
        JsonToken second = parser.nextToken();
        if (second == JsonToken.VALUE_STRING) {
            OpKind kind = opKind();
            if (kind != OpKind.IDENTITY) throw error(here(), "op kind \"" + kind.token() + "\" needs [dst, src, \"" + kind.token() + "\"]");
            endOp();
            return Op.identity(dst);
        }
        if (second == JsonToken.END_ARRAY) throw error(opAt, OP_FORMS);
        int src = wire("src");
        OpKind kind = OpKind.COMBINE;
        int srcStep = Op.CURRENT;
        JsonToken third = parser.nextToken();
        if (third != JsonToken.END_ARRAY) {
            if (third != JsonToken.VALUE_STRING) throw error(here(), "the third element of an op is its kind, a string; " + OP_FORMS);
            kind = opKind();
            if (kind == OpKind.IDENTITY) throw error(here(), "an identity op is [dst, \"identity\"]");
            JsonToken fourth = parser.nextToken();
            if (fourth != JsonToken.END_ARRAY) {
                srcStep = integer("srcStep");
                if (srcStep < Op.INPUT) throw error(here(), "srcStep must be -1 (the input) or a step index, got " + srcStep);
                endOp();
            }
        }
        try {
            return new Op(dst, src, kind, srcStep);
        } catch (IllegalArgumentException e) {
            throw error(opAt, e.getMessage());
        }
    }

    private void endOp() throws IOException {
        if (parser.nextToken() != JsonToken.END_ARRAY) throw error(here(), "too many elements in an op; " + OP_FORMS);
    }

    private OpKind opKind() throws IOException {
        return token(OpKind.class, OpKind::token, "op kind");
    }

    private int wire(String what) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_NUMBER_INT) {
            throw error(here(), "the " + what + " wire must be an integer, found " + describe(parser.currentToken()) + "; " + OP_FORMS);
        }
        return integer(what);
    }

    private int integer(String what) throws IOException {
        JsonToken t = parser.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT) throw error(here(), what + " must be an integer, found " + describe(t));
        if (parser.getNumberType() != JsonParser.NumberType.INT) throw error(here(), what + " " + parser.getText() + " is too large");
        return parser.getIntValue();
    }

    private String string(String field) throws IOException {
        JsonToken t = parser.currentToken();
        if (t != JsonToken.VALUE_STRING) throw error(here(), "\"" + field + "\" must be a string, found " + describe(t));
        return parser.getText();
    }

    private String nullableString(String field) throws IOException {
        return parser.currentToken() == JsonToken.VALUE_NULL ? null : string(field);
    }

    private <E extends Enum<E>> E token(Class<E> type, java.util.function.Function<E, String> tokenOf, String what) throws IOException {
        String text = string(what);
        NetworkDraft.Position at = here();
        return NetworkFormat.parseToken(type, tokenOf, what, text, problem -> error(at, problem));
    }

    private void expect(JsonToken token, String problem) {
        if (parser.currentToken() != token) {
            throw error(here(), problem + ", found " + describe(parser.currentToken()));
        }
    }

    private static String describe(JsonToken t) {
        if (t == null) return "the end of the file";
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case END_ARRAY -> "the end of an array";
            case END_OBJECT -> "the end of an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a fractional number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.toString();
        };
    }

    private NetworkDraft.Position here() {
        return position(parser.currentTokenLocation());
    }

    private static NetworkDraft.Position position(JsonLocation location) {
        return new NetworkDraft.Position(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
    }

    private NetworkFormatException error(NetworkDraft.Position at, String problem) {
        return draft.error(at, problem);
    }

    /** Jackson's message on one line, its "(start marker at [Source: ...; line: L, column: C])" made readable. */
    private static String jacksonProblem(String message) {
        if (message == null) return "unreadable";
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        return START_MARKER.matcher(line).replaceAll("(opened at line $1, column $2)");
    }

    /** The position of the first non-blank character at or after {@code offset}. */
    private static NetworkDraft.Position firstNonBlankAfter(String text, long offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < text.length(); i++) {
            if (i >= offset && !Character.isWhitespace(text.charAt(i))) break;
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new NetworkDraft.Position(line, column);
    }
}
