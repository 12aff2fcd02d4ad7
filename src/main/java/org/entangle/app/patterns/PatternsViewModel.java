package org.entangle.app.patterns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.patterns.GpuPattern;
import org.entangle.gpu.patterns.GpuPatternCatalog;
import org.entangle.gpu.patterns.PatternBenchRow;
import org.entangle.gpu.patterns.PatternCheck;
import org.entangle.gpu.patterns.PatternProtocol;
import org.entangle.gpu.patterns.TiledPattern;
import org.entangle.network.Network;

/**
 * The Patterns panel's state: which GPU parallel pattern ({@link GpuPatternCatalog}) to run on the
 * selected network, with which element type and options ({@code k=v}, as on the command line), the device or
 * why there is none, and the results of Check (pass/fail per configuration and size) and Bench (our kernels,
 * the library and memcpy), both on background tasks.
 */
public final class PatternsViewModel {

    /** Check sizes: quick (up to 10^6 + 7) or the full protocol (to 2^28). */
    public enum CheckSizes { QUICK, FULL }

    /** Timed runs per benchmark figure. */
    public static final int RUNS = PatternProtocol.MIN_RUNS;

    private final WorkbenchModel workbench;
    private final ObservableList<String> patterns = FXCollections.observableArrayList();
    private final StringProperty pattern = new SimpleStringProperty();
    private final StringProperty type = new SimpleStringProperty("");
    private final StringProperty options = new SimpleStringProperty("");
    private final StringProperty device = new SimpleStringProperty("looking for a CUDA device…");
    private final BooleanProperty available = new SimpleBooleanProperty();
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private final ObservableList<PatternCheck> checks = FXCollections.observableArrayList();
    private final ObservableList<PatternBenchRow> benchRows = FXCollections.observableArrayList();

    public PatternsViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        for (GpuPattern p : GpuPatternCatalog.all()) patterns.add(p.source().name());
        pattern.set(patterns.get(0));
        workbench.selectedProperty().addListener((o, a, b) -> describe());
        pattern.addListener((o, a, b) -> describe());
        describe();
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
        }, e -> device.set(e instanceof GpuUnavailableException ? e.getMessage() : "no CUDA driver found (" + e.getMessage() + ")"));
    }

    /** The request for the current choices, or null with the reason in {@link #statusProperty()}. */
    public PatternRequest request() {
        Network n = workbench.selectedProperty().get();
        if (n == null) {
            status.set("select a network");
            return null;
        }
        try {
            PatternRequest r = new PatternRequest(n, n.name() == null ? "network-" + n.width() : n.name(),
                    type.get() == null || type.get().isBlank() ? List.of() : List.of(type.get().strip()), parseOptions(options.get()));
            current().source().emit(r);
            return r;
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
            return null;
        }
    }

    /** Says whether the selected network can run the pattern (cheaply: the emitted CUDA is validated on Check and Bench). */
    private void describe() {
        Network n = workbench.selectedProperty().get();
        if (n == null) {
            status.set("select a network");
        } else if (n.width() < 32 || n.width() > 1024 || n.width() % 32 != 0) {
            status.set("the patterns run the network across a block's threads: its width must be a multiple of 32 up to 1024, got " + n.width());
        } else {
            status.set(pattern.get() + " on " + (n.name() == null ? "network-" + n.width() : n.name()) + ": ready");
        }
    }

    /** Parses {@code k=v} pairs separated by spaces or semicolons. */
    static Map<String, String> parseOptions(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null) return m;
        for (String item : text.split("[;\\s]+")) {
            if (item.isBlank()) continue;
            int eq = item.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("option '" + item + "': expected KEY=VALUE");
            m.put(item.substring(0, eq), item.substring(eq + 1));
        }
        return m;
    }

    private GpuPattern current() {
        return GpuPatternCatalog.find(pattern.get()).orElseThrow();
    }

    /** Checks the pattern on the device at the chosen sizes. */
    public void check(CheckSizes sizes) {
        PatternRequest r = request();
        if (r == null) return;
        GpuPattern p = current();
        long tile = p instanceof TiledPattern t ? t.tileItems(r) : r.network().width();
        List<Long> list = new ArrayList<>(PatternProtocol.defaultSizes(tile));
        if (sizes == CheckSizes.QUICK) list.removeIf(n -> n > 1_000_007L);
        long seed = System.nanoTime();
        run("Checking " + p.source().name() + " (seed " + seed + ")", () -> {
            try (Gpu gpu = Gpu.open()) {
                return p.check(gpu, r, list, seed);
            }
        }, result -> {
            checks.setAll(result);
            long failed = result.stream().filter(c -> !c.passed()).count();
            status.set(p.source().name() + " on " + r.networkName() + ": " + (result.size() - failed) + " passed, " + failed + " failed (seed " + seed + ")");
        });
    }

    /** Benchmarks the pattern at {@code n} elements against the library and memcpy. */
    public void bench(long n) {
        PatternRequest r = request();
        if (r == null) return;
        GpuPattern p = current();
        run("Benchmarking " + p.source().name(), () -> {
            try (Gpu gpu = Gpu.open()) {
                return p.bench(gpu, r, List.of(n), 3, RUNS);
            }
        }, result -> {
            benchRows.setAll(result);
            status.set(p.source().name() + " on " + r.networkName() + ": " + result.size() + " benchmark rows at n = " + n);
        });
    }

    private interface Work<T> {
        T run() throws Exception;
    }

    private <T> void run(String title, Work<T> work, java.util.function.Consumer<T> done) {
        running.set(true);
        status.set(title + "…");
        workbench.tasks().submit(title, ctx -> work.run(), result -> {
            running.set(false);
            done.accept(result);
        }, e -> {
            running.set(false);
            status.set("not run: " + e.getMessage());
        });
    }

    public ObservableList<String> patterns() {
        return patterns;
    }

    public StringProperty patternProperty() {
        return pattern;
    }

    /** An element type token, or blank for the pattern's defaults. */
    public StringProperty typeProperty() {
        return type;
    }

    /** Pattern options as {@code k=v} pairs. */
    public StringProperty optionsProperty() {
        return options;
    }

    public StringProperty deviceProperty() {
        return device;
    }

    /** Whether a CUDA device was found. */
    public BooleanProperty availableProperty() {
        return available;
    }

    /** Whether a check or benchmark is running. */
    public BooleanProperty runningProperty() {
        return running;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObservableList<PatternCheck> checks() {
        return checks;
    }

    public ObservableList<PatternBenchRow> benchRows() {
        return benchRows;
    }
}
