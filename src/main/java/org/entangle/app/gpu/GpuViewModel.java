package org.entangle.app.gpu;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ScanOptions;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.ScanCheck;
import org.entangle.network.Network;

/**
 * The GPU panel's state: the device (or why there is none), the CUDA kernel generated for the selected network
 * ({@link CudaGenerator#block}, int32 sum), saving it, and checking it on the device against the host reference
 * ({@link ScanCheck}) on a background task.
 */
public final class GpuViewModel {

    /** The input sizes Check runs, in tiles of the network's width. */
    public static final List<Long> CHECK_TILES = List.of(1L, 7L, 1000L);

    private final WorkbenchModel workbench;
    private final StringProperty device = new SimpleStringProperty("looking for a CUDA device…");
    private final ObjectProperty<GeneratedKernel> kernel = new SimpleObjectProperty<>();
    private final StringProperty source = new SimpleStringProperty("");
    private final BooleanProperty available = new SimpleBooleanProperty();
    private final ObservableList<String> results = FXCollections.observableArrayList();

    public GpuViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        workbench.selectedProperty().addListener((o, a, b) -> generate());
        generate();
    }

    /** Looks for the device in the background. */
    public void probe() {
        workbench.tasks().submit("Looking for a CUDA device", ctx -> {
            try (Gpu gpu = Gpu.open()) {
                return gpu.info().describe();
            }
        }, info -> {
            device.set(info);
            available.set(true);
        }, e -> device.set(e instanceof GpuUnavailableException ? e.getMessage() : "no CUDA driver found (" + e + ")"));
    }

    private void generate() {
        Network n = workbench.selectedProperty().get();
        if (n == null) return;
        try {
            GeneratedKernel k = CudaGenerator.block(n, ScanOptions.INT32_SUM);
            kernel.set(k);
            source.set(k.source());
        } catch (RuntimeException e) {
            kernel.set(null);
            source.set("// no kernel for " + n.name() + ": " + e.getMessage());
        }
    }

    /** Writes the generated CUDA source to {@code file}. */
    public void save(Path file) {
        String text = source.get();
        workbench.tasks().submit("Saving " + file.getFileName(), ctx -> Files.writeString(file, text), p -> { },
                e -> workbench.report("Saving the CUDA source", e));
    }

    /** Compiles the kernel with nvcc and checks it on the device against the host scan. */
    public void check() {
        GeneratedKernel k = kernel.get();
        if (k == null) return;
        results.setAll("checking…");
        workbench.tasks().submit("Checking on the GPU", ctx -> {
            NvccCompiler nvcc = NvccCompiler.find().orElseThrow(() -> new IllegalStateException(
                    "nvcc not found (looked on the PATH, in $CUDA_HOME/bin and /usr/local/cuda/bin)"));
            try (Gpu gpu = Gpu.open()) {
                String ptx = nvcc.ptx(k.source(), gpu.info().arch());
                List<Long> sizes = CHECK_TILES.stream().map(t -> t * k.tileItems()).toList();
                return ScanCheck.run(gpu, k, ptx, sizes, 1).stream().map(o -> String.format(Locale.ROOT, "%s n = %,d seed %d: %s",
                        o.passed() ? "PASS" : "FAIL", o.n(), o.seed(), o.detail())).toList();
            }
        }, results::setAll, e -> {
            results.setAll("not checked: " + e.getMessage());
            workbench.report("Checking on the GPU", e);
        });
    }

    public StringProperty deviceProperty() {
        return device;
    }

    /** Whether a CUDA device was found. */
    public BooleanProperty availableProperty() {
        return available;
    }

    public StringProperty sourceProperty() {
        return source;
    }

    public ObjectProperty<GeneratedKernel> kernelProperty() {
        return kernel;
    }

    public ObservableList<String> results() {
        return results;
    }
}
