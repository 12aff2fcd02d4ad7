package org.entangle.entanglement;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * Our JSON form of a trace set: {@code {"angels": [{"name": "a0", "values": ["0", "1", "⊥"]}, …],
 * "traces": [["0", "1", …], …], "networks": […]}}, values as tokens of the angels' domains. The optional
 * {@code networks} array gives each trace's network (or null) in the project's network file format
 * ({@link NetworkJsonWriter}), so the functional view can be computed from a file.
 */
public final class TraceJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TraceJson() {
    }

    public static void write(TraceSet set, Writer out) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode angels = root.putArray("angels");
        for (AngelDomain d : set.domains()) {
            ObjectNode angel = angels.addObject();
            angel.put("name", d.name());
            ArrayNode values = angel.putArray("values");
            d.tokens().forEach(values::add);
        }
        ArrayNode traces = root.putArray("traces");
        for (int r = 0; r < set.size(); r++) {
            ArrayNode trace = traces.addArray();
            for (int a = 0; a < set.angels(); a++) trace.add(set.token(r, a));
        }
        if (set.hasNetworks()) {
            ArrayNode networks = root.putArray("networks");
            for (Network network : set.networks()) {
                if (network == null) {
                    networks.addNull();
                    continue;
                }
                networks.add(MAPPER.readTree(NetworkJsonWriter.write(network)));
            }
        }
        MAPPER.writeValue(out, root);
    }

    private static Network network(JsonNode node, String source, int trace) {
        if (node.isNull()) return null;
        try {
            return NetworkJsonReader.read(source + " (network of trace " + trace + ")", node.toString());
        } catch (RuntimeException e) {
            throw new TraceFormatException(source, 0, "the network of trace " + trace + ": " + e.getMessage());
        }
    }

    /**
     * Reads a trace set written by {@link #write}.
     *
     * @throws TraceFormatException with the line of a syntax error, or the trace number of a bad trace
     */
    public static TraceSet read(Reader in, String source) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            throw new TraceFormatException(source, line, "not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.path("angels").isArray() || !root.path("traces").isArray()) {
            throw new TraceFormatException(source, 0, "expected an object with arrays \"angels\" and \"traces\"");
        }
        List<AngelDomain> domains = new ArrayList<>();
        for (JsonNode angel : root.get("angels")) {
            List<String> values = new ArrayList<>();
            angel.path("values").forEach(v -> values.add(v.asText()));
            try {
                domains.add(new AngelDomain(angel.path("name").asText(), values));
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(source, 0, e.getMessage());
            }
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        JsonNode networks = root.path("networks");
        if (networks.isArray() && networks.size() != root.get("traces").size()) {
            throw new TraceFormatException(source, 0, networks.size() + " networks for " + root.get("traces").size() + " traces");
        }
        int index = 0;
        for (JsonNode trace : root.get("traces")) {
            index++;
            if (!trace.isArray() || trace.size() != domains.size()) {
                throw new TraceFormatException(source, 0, "trace " + index + " does not give one value for each of the "
                        + domains.size() + " angels");
            }
            int[] codes = new int[domains.size()];
            for (int a = 0; a < codes.length; a++) {
                codes[a] = domains.get(a).code(trace.get(a).asText());
                if (codes[a] < 0) {
                    throw new TraceFormatException(source, 0, "trace " + index + ": " + trace.get(a).asText()
                            + " is not a value of angel " + domains.get(a).name());
                }
            }
            builder.add(codes, networks.isArray() ? network(networks.get(index - 1), source, index) : null);
        }
        if (builder.distinct() == 0) {
            throw new TraceFormatException(source, 0, "no traces");
        }
        return builder.build();
    }
}
