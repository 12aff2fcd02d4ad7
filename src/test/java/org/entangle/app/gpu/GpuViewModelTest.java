package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GPU panel's view-model: the kernel follows the selection and saves as written; a missing device is said plainly. */
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
}
