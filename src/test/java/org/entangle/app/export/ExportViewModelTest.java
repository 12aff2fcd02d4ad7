package org.entangle.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.shell.WorkbenchActions;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.ScanOptions;
import org.entangle.diagram.DiagramOptions;
import org.entangle.files.SettingsStore;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.io.NetworkFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export: every format by extension, CUDA writes the network's block kernel, JSON reads back as the network; a
 * finished export is told in a notice naming the file, and its folder, remembered in the settings, is the next
 * export's default, in this run and the next.
 */
class ExportViewModelTest {

    @Test
    void formatsFollowTheirExtensions() {
        assertEquals(ExportFormat.CUDA, ExportFormat.byFileName("scan.CU"));
        assertEquals(ExportFormat.TIKZ, ExportFormat.byFileName("fig.tex"));
        assertNull(ExportFormat.byFileName("notes.txt"));
        assertEquals("brent-kung-16.cu", ExportFormat.CUDA.withExtension("brent-kung-16.svg"));
        assertEquals("a.b.pdf", ExportFormat.PDF.withExtension("a.b"));
        for (ExportFormat f : ExportFormat.values()) assertEquals(f, ExportFormat.byFileName(f.withExtension("x")));
    }

    @Test
    void cudaAndJsonExportsWriteTheSelectedNetwork(@TempDir Path dir) throws Exception {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        Network kogge = Families.build("kogge-stone", 32);
        workbench.add(kogge);
        ExportViewModel model = ExportViewModel.forSelection(workbench, () -> DiagramOptions.DEFAULT, () -> false);
        assertEquals("kogge-stone-32.cu", model.suggestedName(ExportFormat.CUDA));
        Path cu = dir.resolve(model.suggestedName(ExportFormat.CUDA));
        model.exportTo(cu);
        assertEquals(cu, model.lastExportProperty().get());
        assertEquals(CudaGenerator.block(kogge, ScanOptions.INT32_SUM).source(), Files.readString(cu));
        Path json = dir.resolve("k.json");
        model.exportTo(json);
        assertEquals(kogge.steps(), NetworkFiles.load(json).steps());
        Path svg = dir.resolve("k.svg");
        model.exportTo(svg);
        assertTrue(Files.readString(svg).contains("<svg"));
        assertTrue(Files.list(dir).noneMatch(p -> p.toString().endsWith(".part")));
    }

    @Test
    void aDiagramsOwnNetworksAreExported(@TempDir Path dir) throws Exception {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        Network serial = Families.build("serial", 8);
        ExportViewModel model = new ExportViewModel(workbench, () -> List.of(serial), () -> DiagramOptions.DEFAULT);
        Path cu = dir.resolve("x.cu");
        model.exportTo(cu);
        assertTrue(Files.readString(cu).contains("network serial-8"));
    }

    @Test
    void anExportIsConfirmedAndItsFolderIsTheNextDefaultAcrossRuns(@TempDir Path dir) throws Exception {
        Path settings = dir.resolve("settings");
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        new WorkbenchActions(workbench, new SettingsStore(settings));
        ExportViewModel model = ExportViewModel.forSelection(workbench, () -> DiagramOptions.DEFAULT, () -> false);
        String name = model.suggestedName(ExportFormat.PNG);
        assertEquals(Path.of(System.getProperty("user.home"), name), model.defaultFile(ExportFormat.PNG), "home before any export");
        Path figure = dir.resolve("figures/talk.svg");
        model.exportTo(figure);
        assertEquals("Exported " + workbench.selectedProperty().get().name() + " to " + figure.toAbsolutePath() + ".",
                workbench.noticeProperty().get());
        assertEquals(dir.resolve("figures").resolve(name), model.defaultFile(ExportFormat.PNG));
        assertEquals(dir.resolve("figures").toString(), new SettingsStore(settings).load().exportFolder());

        WorkbenchModel nextRun = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        new WorkbenchActions(nextRun, new SettingsStore(settings));
        ExportViewModel next = ExportViewModel.forSelection(nextRun, () -> DiagramOptions.DEFAULT, () -> false);
        assertEquals(dir.resolve("figures").resolve(name), next.defaultFile(ExportFormat.PNG), "remembered across runs");
    }
}
