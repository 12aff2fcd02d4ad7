package org.entangle.app.gpu;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.code.CodeHighlighter;
import org.entangle.app.code.HighlightedText;
import org.entangle.app.gpu.tournament.WorkbenchTournament;
import org.entangle.app.task.LatestJob;
import org.entangle.app.task.RunningJob;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ScanOptions;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.ScanBench;
import org.entangle.gpu.ScanCheck;
import org.entangle.network.Network;

/**
 * The GPU panel's state: the device (or a plain "no CUDA driver found"), the CUDA kernel generated for the
 * selected network ({@link CudaGenerator#block}, int32 sum), saving it, checking it on the device against the
 * host reference ({@link ScanCheck}) and benchmarking the network's device-wide scan against CUB and memcpy
 * ({@link ScanBench}), each on a background task; the kernel is generated and highlighted in the
 * background too (a wide network's took over 100 ms). A newer selection's kernel cancels an older one still being
 * generated, and an older one that still arrives is dropped.
 */
public final class GpuViewModel {

    /** The input sizes Check runs, in tiles of the network's width. */
    public static final List<Long> CHECK_TILES = List.of(1L, 7L, 1000L);
    /** What the panel says when the driver cannot be loaded. */
    public static final String NO_DRIVER = "no CUDA driver found";

    private final WorkbenchModel workbench;
    private final StringProperty device = new SimpleStringProperty("looking for a CUDA device…");
    private final StringProperty deviceDetail = new SimpleStringProperty("");
    private final ObjectProperty<GeneratedKernel> kernel = new SimpleObjectProperty<>();
    private final ObjectProperty<HighlightedText> highlighted = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper source = new ReadOnlyStringWrapper("");
    private final BooleanProperty available = new SimpleBooleanProperty();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final ObservableList<String> results = FXCollections.observableArrayList();
    private final ObservableList<Throughput> throughput = FXCollections.observableArrayList();
    private final StringProperty lastSaved = new SimpleStringProperty("");
    private final LatestJob generating;
    private RunningJob running;
    /** Whether the kernel follows the selection: from the first time it is asked for, not from the start. */
    private boolean following;

    public GpuViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        this.generating = new LatestJob(workbench.tasks());
        source.bind(Bindings.createStringBinding(() -> highlighted.get() == null ? "" : highlighted.get().text(),
                highlighted));
    }

    /**
     * Generates the kernel of the selected network and regenerates it on every later selection, the first time the
     * kernel or its source is asked for: a workbench that never shows the GPU panel does not run the CUDA generator on
     * the JavaFX thread at start or for every network the user selects.
     */
    private void follow() {
        if (following) return;
        following = true;
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
        }, e -> {
            device.set(NO_DRIVER);
            deviceDetail.set(e instanceof GpuUnavailableException ? e.getMessage() : e.toString());
            available.set(false);
        });
    }

    private void generate() {
        Network n = workbench.selectedProperty().get();
        if (n == null) return;
        kernel.set(null);
        generating.submit("Generating the CUDA kernel of " + n.name(), ctx -> {
            GeneratedKernel k = CudaGenerator.block(n, ScanOptions.INT32_SUM);
            return new Generated(k, HighlightedText.of(CodeHighlighter.CUDA, k.source()));
        }, generated -> {
            kernel.set(generated.kernel());
            highlighted.set(generated.text());
        }, e -> highlighted.set(HighlightedText.of(CodeHighlighter.CUDA,
                "// no kernel for " + n.name() + ": " + e.getMessage())));
    }

    /** A kernel and its highlighted source, made together in the background. */
    private record Generated(GeneratedKernel kernel, HighlightedText text) {
    }

    /** Runs {@link #benchmark()} as soon as a device is found (the {@code --panel gpu} screenshot on a GPU machine). */
    public void benchmarkWhenAvailable() {
        if (available.get()) {
            benchmark();
            return;
        }
        available.addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
                if (!now) return;
                available.removeListener(this);
                benchmark();
            }
        });
    }

    /** Writes the generated CUDA source to {@code file}; {@link #lastSavedProperty()} names it once written. */
    public void save(Path file) {
        String text = sourceProperty().get();
        workbench.tasks().submit("Saving " + file.getFileName(), ctx -> Files.writeString(file, text),
                p -> lastSaved.set(p.toString()), e -> workbench.report("Saving the CUDA source", e));
    }

    /** Compiles the kernel with nvcc and checks it on the device against the host scan. */
    public void check() {
        GeneratedKernel k = kernelProperty().get();
        if (k == null || busy.get()) return;
        results.setAll("checking…");
        start("Checking on the GPU", () -> {
            try (Gpu gpu = Gpu.open()) {
                String ptx = nvcc().ptx(k.source(), gpu.info().arch());
                List<Long> sizes = CHECK_TILES.stream().map(t -> t * k.tileItems()).toList();
                return ScanCheck.run(gpu, k, ptx, sizes, 1).stream().map(o -> String.format(Locale.ROOT, "%s n = %,d seed %d: %s",
                        o.passed() ? "PASS" : "FAIL", o.n(), o.seed(), o.detail())).toList();
            }
        }, results::setAll);
    }

    /** Benchmarks the selected network's device-wide scan, CUB and memcpy at {@link Throughput#sizes}. */
    public void benchmark() {
        Network n = workbench.selectedProperty().get();
        if (n == null || busy.get()) return;
        results.setAll("benchmarking " + n.name() + "…");
        start("Benchmarking on the GPU", () -> {
            GeneratedKernel k = CudaGenerator.deviceWide(n, ScanOptions.INT32_SUM, CudaGenerator.defaultTuning(n.width(), ScanOptions.INT32_SUM));
            NvccCompiler nvcc = nvcc();
            try (Gpu gpu = Gpu.open()) {
                String arch = gpu.info().arch();
                CubHarness cub = CubHarness.compile(nvcc, k.options(), arch);
                return Throughput.of(ScanBench.run(gpu, k, nvcc.ptx(k.source(), arch), Throughput.sizes(k.tileItems()), cub, 5, 20, 1));
            }
        }, points -> {
            throughput.setAll(points);
            results.setAll(points.stream().map(p -> String.format(Locale.ROOT, "n = %,d: ours %.1f GB/s, CUB %.1f GB/s, memcpy %.1f GB/s",
                    p.n(), p.ours(), p.cub(), p.memcpy())).toList());
        });
    }

    /**
     * Runs the block-scan tournament ({@link WorkbenchTournament}) for the working set's networks of the selected
     * network's width and the catalogue families of that width.
     */
    public void tournament() {
        Network n = workbench.selectedProperty().get();
        if (n == null || busy.get()) return;
        if (!WorkbenchTournament.supports(n.width())) {
            results.setAll("a tournament needs width 32 or a multiple of 32 up to 1024; " + n.name() + " has " + n.width());
            return;
        }
        List<Network> networks = List.copyOf(workbench.networks());
        results.setAll("tournament at width " + n.width() + "…");
        start("GPU tournament", () -> WorkbenchTournament.run(networks, n.width(), nvcc()), results::setAll);
    }

    private <T> void start(String title, java.util.concurrent.Callable<T> work, java.util.function.Consumer<T> done) {
        busy.set(true);
        running = workbench.tasks().submit(title, ctx -> work.call(), r -> {
            busy.set(false);
            done.accept(r);
        }, e -> {
            busy.set(false);
            results.setAll(title + " failed: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        });
    }

    /** Stops waiting for the running check or benchmark; its result is dropped. */
    public void cancel() {
        if (running != null) running.cancel();
        busy.set(false);
        results.setAll("cancelled");
    }

    private static NvccCompiler nvcc() {
        return NvccCompiler.find().orElseThrow(() -> new IllegalStateException(
                "nvcc not found (looked on the PATH, in $CUDA_HOME/bin and /usr/local/cuda/bin)"));
    }

    /** The device's name and properties, or {@link #NO_DRIVER}. */
    public StringProperty deviceProperty() {
        return device;
    }

    /** Why there is no device (the loader's message), empty when there is one. */
    public StringProperty deviceDetailProperty() {
        return deviceDetail;
    }

    /** Whether a CUDA device was found. */
    public BooleanProperty availableProperty() {
        return available;
    }

    /** Whether a check or benchmark is running. */
    public BooleanProperty busyProperty() {
        return busy;
    }

    /** The kernel's source, the text of {@link #highlightedProperty()}; empty until the first kernel is made. */
    public ReadOnlyStringProperty sourceProperty() {
        follow();
        return source.getReadOnlyProperty();
    }

    /** The kernel's source with its highlighting, worked out with it in the background; null until the first is. */
    public ObjectProperty<HighlightedText> highlightedProperty() {
        follow();
        return highlighted;
    }

    public ObjectProperty<GeneratedKernel> kernelProperty() {
        follow();
        return kernel;
    }

    public ObservableList<String> results() {
        return results;
    }

    /** The latest benchmark's bandwidths, smallest n first. */
    public ObservableList<Throughput> throughput() {
        return throughput;
    }

    /** The file the source was last saved to. */
    public StringProperty lastSavedProperty() {
        return lastSaved;
    }
}
