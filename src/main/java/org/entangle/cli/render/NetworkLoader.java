package org.entangle.cli.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.entangle.cli.UserError;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * Reads the JSON network form <code>{"width": 8, "steps": [[[1,0],[3,2]], [[3,1]]], "name": "..."}</code>, ops as
 * {@code [dst, src]} combines, for {@code render}. Problems become {@link UserError}s naming the file.
 */
final class NetworkLoader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private NetworkLoader() {
    }

    static Network load(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (JsonProcessingException e) {
            throw new UserError(file + ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr()
                    + ": not valid JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new UserError(file + ": cannot read the file (" + e.getClass().getSimpleName() + ")");
        }
        if (root == null || !root.isObject() || !root.path("width").canConvertToInt() || !root.path("steps").isArray()) {
            throw new UserError(file + ": expected an object with an integer \"width\" and an array \"steps\"");
        }
        List<Step> steps = new ArrayList<>();
        for (JsonNode step : root.get("steps")) {
            List<Op> ops = new ArrayList<>();
            for (JsonNode op : step) {
                if (!op.isArray() || op.size() != 2 || !op.get(0).canConvertToInt() || !op.get(1).canConvertToInt()) {
                    throw new UserError(file + ": step " + steps.size() + ", op " + ops.size() + ": expected [dst, src]");
                }
                ops.add(Op.combine(op.get(0).asInt(), op.get(1).asInt()));
            }
            steps.add(new Step(ops));
        }
        try {
            Network network = Network.of(root.get("width").asInt(), steps);
            return root.hasNonNull("name") ? network.withName(root.get("name").asText()) : network;
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": " + e.getMessage());
        }
    }
}
