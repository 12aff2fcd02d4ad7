package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.DeferredTaskRunner;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GPU panel's view-model: the kernel follows the selection, generated in the background where a newer selection
 * wins over an older one still running, and saves as written; a missing device is said plainly.
 */
class GpuViewModelTest {

    @Test
    void kernelFollowsTheSelectionAndSaves(@TempDir Path dir) throws IOException {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        GpuViewModel model = new GpuViewModel(workbench);
        assertTrue(model.sourceProperty().get().contains("network brent-kung-16"), model.sourceProperty().get());
        workbench.add(Families.build("kogge-stone", 32));
        assertTrue(model.sourceProperty().get().contains("network kogge-stone-32"));
        assertEquals(32, model.kernelProperty().get().tileItems());
        Path file = dir.resolve("scan.cu");
        model.save(file);
        assertEquals(model.sourceProperty().get(), Files.readString(file));
        model.probe();
        assertTrue(model.availableProperty().get() || model.deviceProperty().get().contains("CUDA"),
                model.deviceProperty().get());
    }

    @Test
    void aNewerSelectionsKernelWinsOverAnOlderOneStillBeingGenerated() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
        GpuViewModel model = new GpuViewModel(workbench);
        assertEquals("", model.sourceProperty().get(), "generated on the UI thread");
        runner.held.clear();
        workbench.add(Families.build("kogge-stone", 32));
        workbench.add(Families.build("sklansky", 64));
        DeferredTaskRunner.Held older = runner.held.get(runner.held.size() - 2);
        DeferredTaskRunner.Held newer = runner.held.get(runner.held.size() - 1);
        assertTrue(older.cancelled(), "the older kernel's job was not cancelled");
        newer.complete();
        older.complete();
        assertTrue(model.sourceProperty().get().contains("network sklansky-64"), "a stale kernel replaced the latest one");
        assertEquals(64, model.kernelProperty().get().tileItems());
        assertEquals(model.sourceProperty().get(), model.highlightedProperty().get().text(), "highlighted another text");
        workbench.add(Families.build("brent-kung", 128));
        assertNull(model.kernelProperty().get(), "Check would run the previous network's kernel while the new one is generated");
    }
}
