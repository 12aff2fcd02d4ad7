package org.entangle.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Settings survive a save and a load, and the file is the one Jackson's object mapper wrote before the streaming
 * reader (earlier builds' settings still load, and the mapper reads what this build writes); damaged files and
 * missing fields give the defaults, unknown fields are skipped.
 */
class SettingsStoreTest {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @TempDir
    Path dir;

    private final Settings sample = new Settings(12.5, null, 1024, 700, true, true, "/home/u/w.entangle.json",
            List.of("/home/u/w.entangle.json", "/tmp/é \"quoted\".json"), "/home/u/figures");

    @Test
    void whatIsSavedLoads() throws IOException {
        SettingsStore store = new SettingsStore(dir);
        store.save(sample);
        assertEquals(sample, store.load());
        store.save(Settings.defaults());
        assertEquals(Settings.defaults(), store.load());
    }

    @Test
    void theFileIsTheObjectMappersFormat() throws IOException {
        new SettingsStore(dir).save(sample);
        assertEquals(sample, MAPPER.readValue(dir.resolve("settings.json").toFile(), Settings.class));
        MAPPER.writeValue(dir.resolve("settings.json").toFile(), sample);
        assertEquals(sample, new SettingsStore(dir).load());
    }

    @Test
    void missingFieldsAreDefaultsUnknownOnesAreSkippedDamagedFilesGiveTheDefaults() throws IOException {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, "{\"dark\": true, \"future\": {\"a\": [1, 2]}, \"recentFiles\": null}");
        assertEquals(Settings.defaults().withDark(true), new SettingsStore(dir).load());
        Files.writeString(file, "{\"width\": \"wide\"}");
        assertEquals(Settings.defaults(), new SettingsStore(dir).load());
        Files.writeString(file, "[1, 2]");
        assertEquals(Settings.defaults(), new SettingsStore(dir).load());
        Files.writeString(file, "{\"width\": 900, ");
        assertEquals(Settings.defaults(), new SettingsStore(dir).load());
    }
}
