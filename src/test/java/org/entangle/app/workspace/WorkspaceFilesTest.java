package org.entangle.app.workspace;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.shell.WorkbenchActions;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.files.SettingsStore;
import org.entangle.files.Workspace;
import org.entangle.files.WorkspaceFiles;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Workspaces round-trip everything the user made (networks, selection, program, notes); opening records the file. */
class WorkspaceFilesTest {

    @TempDir
    Path dir;

    @Test
    void saveAndOpenRestoreNetworksSelectionComparisonAndNotes() throws IOException {
        WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        model.add(Families.build("knowles", 32, 2));
        model.compareWithProperty().set(model.networks().get(1));
        model.notesProperty().set("Brent-Kung is the talk's network.");
        model.programProperty().set("N = 4\nassert true\n");
        WorkbenchActions actions = new WorkbenchActions(model, new SettingsStore(dir));
        Path saved = actions.saveWorkspace(dir.resolve("mine.json"));
        assertEquals("mine" + WorkbenchActions.WORKSPACE_SUFFIX, saved.getFileName().toString());

        WorkbenchModel other = new WorkbenchModel(new SameThreadTaskRunner());
        WorkbenchActions otherActions = new WorkbenchActions(other, new SettingsStore(dir));
        otherActions.open(saved);
        WorkspaceStateTest.assertSameWorkspace(model, other);
        assertEquals(saved.toString(), new SettingsStore(dir).load().recentFiles().get(0));
        assertEquals(saved.toString(), new SettingsStore(dir).load().lastWorkspace());
    }

    @Test
    void theFileIsTheObjectMappersFormat() throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        Workspace workspace = WorkspaceState.of(WorkbenchModel.withCatalogue(new SameThreadTaskRunner())).toWorkspace();
        Workspace noted = new Workspace(workspace.version(), workspace.networks(), 2, -1, "a \"note\"\non two lines", null);
        Path file = dir.resolve("w.json");
        WorkspaceFiles.write(noted, file);
        assertEquals(noted, mapper.readValue(file.toFile(), Workspace.class));
        mapper.writeValue(file.toFile(), noted);
        assertEquals(noted, WorkspaceFiles.read(file));
        Files.writeString(file, "{\"future\": {\"x\": [1]}, \"networks\": [], \"version\": 1}");
        assertEquals(new Workspace(1, List.of(), -1, -1, null, null), WorkspaceFiles.read(file));
    }

    @Test
    void aDamagedWorkspaceIsReportedNotThrown() throws IOException {
        Path bad = dir.resolve("bad" + WorkbenchActions.WORKSPACE_SUFFIX);
        Files.writeString(bad, "{\"version\":1}");
        assertThrows(IOException.class, () -> WorkspaceFiles.read(bad));
        WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        int before = model.networks().size();
        new WorkbenchActions(model, new SettingsStore(dir)).open(bad);
        assertEquals(before, model.networks().size());
        assertEquals(true, model.problemProperty().get().summary().startsWith("Opening " + bad.getFileName() + " failed: "));
    }

    @Test
    void aDamagedNetworkInAWorkspaceIsReportedAndChangesNothing() throws IOException {
        Path bad = dir.resolve("bad-network" + WorkbenchActions.WORKSPACE_SUFFIX);
        WorkspaceFiles.write(new Workspace(1, List.of("{\"name\": \"no ops\"}"), 0, -1, "lost", "N = 4\n"), bad);
        WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        List<Network> before = List.copyOf(model.networks());
        String notes = model.notesProperty().get();
        new WorkbenchActions(model, new SettingsStore(dir)).open(bad);
        assertEquals(before, List.copyOf(model.networks()));
        assertEquals(notes, model.notesProperty().get());
        assertTrue(model.problemProperty().get().summary().startsWith("Opening " + bad.getFileName() + " failed: "),
                model.problemProperty().get().summary());
    }

    @Test
    void brokenJsonIsReportedWithItsLineAndColumn() throws IOException {
        Path broken = dir.resolve("broken" + WorkbenchActions.WORKSPACE_SUFFIX);
        Files.writeString(broken, "{\"version\": 1,\n  \"networks\": [ {\"name\": 3");
        IOException e = assertThrows(IOException.class, () -> WorkspaceFiles.read(broken));
        assertTrue(e.getMessage().startsWith("line 2, column 18: "), e.getMessage());
        assertFalse(e.getMessage().contains("Source"), "Jackson's note on the hidden source: " + e.getMessage());
    }
}
