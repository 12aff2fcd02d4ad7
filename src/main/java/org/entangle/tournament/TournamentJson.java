package org.entangle.tournament;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * A {@link TournamentResult} as JSON and back: the settings with every contender, its measures, its time per round
 * and its network in the project's JSON network format (so a tournament run on a GPU machine can be ranked, plotted
 * and browsed elsewhere). A failed contender's time is written as the string {@code "NaN"}.
 */
public final class TournamentJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private TournamentJson() {
    }

    public static String write(TournamentResult result) {
        try {
            return MAPPER.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tournament result did not serialise: " + e.getMessage(), e);
        }
    }

    /** Reads a tournament's JSON; {@code source} names it in the error. */
    public static TournamentResult read(String source, String text) {
        try {
            TournamentResult r = MAPPER.readValue(text, TournamentResult.class);
            if (r == null || r.settings().isEmpty()) throw new IllegalArgumentException(source + ": not a tournament result (no settings)");
            return r;
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
            throw new IllegalArgumentException(source + where + ": not a tournament result: " + e.getOriginalMessage(), e);
        }
    }
}
