package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.app.shell.MainWindow;
import org.entangle.app.Screenshots;
import org.entangle.app.shell.TestWorkbench;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.NodeQueryUtils;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole workbench on a GPU machine (tag {@code gpu}): the generalise panel opens the Brent–Kung program (Brent and
 * Kung 1982, networks/brent-kung.angel), which generalises to the Brent–Kung network at N = 256; that network, as a
 * user selects it, goes to the GPU panel, whose Check on GPU must report only PASS rows for the block kernel and
 * whose Benchmark must give a timing row (ours, CUB and memcpy in GB/s) for every size. Skipped, with the reason,
 * where there is no CUDA driver or no nvcc. With {@code -Dgpu.screenshot=FILE} the window is saved as a PNG after
 * Benchmark.
 */
@Tag("gpu")
@ExtendWith(ApplicationExtension.class)
class GpuWorkbenchTest {

    private static final int N = 256;
    private static String unavailable;
    private MainWindow window;
    private WorkbenchModel model;

    @BeforeAll
    static void lookForTheDevice() {
        try (Gpu gpu = Gpu.open()) {
            System.out.println("GPU workbench test on " + gpu.info().describe());
        } catch (GpuUnavailableException e) {
            unavailable = "GPU workbench test skipped: " + e.getMessage();
        }
        if (unavailable == null && NvccCompiler.find().isEmpty()) unavailable = "GPU workbench test skipped: nvcc not found";
    }

    @Start
    void start(Stage stage) throws Exception {
        TestWorkbench workbench = TestWorkbench.in(Files.createTempDirectory("entangle-gpu-workbench"));
        window = workbench.window();
        model = workbench.model();
        stage.setScene(new Scene(window, 1280, 760));
        stage.show();
    }

    private static void waitFor(String what, int seconds, Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out after " + seconds + " s waiting for " + what, e);
        }
    }

    /** The button or menu button labelled {@code text} on screen (other panels have buttons of the same name). */
    private static ButtonBase shown(FxRobot robot, String text) {
        return robot.lookup((Node n) -> n instanceof ButtonBase b && text.equals(b.getText())).match(NodeQueryUtils.isVisible())
                .queryAs(ButtonBase.class);
    }

    @Test
    void theBrentKungProgramIsCheckedBenchmarkedAndRankedOnTheDevice(FxRobot robot) throws Exception {
        Assumptions.assumeTrue(unavailable == null, () -> unavailable);
        GeneraliseViewModel generalise = window.generalise();
        Network example = Families.build("brent-kung", N);
        robot.interact(() -> {
            model.add(example);
            window.select("generalise");
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(shown(robot, "Open"));
        robot.clickOn(GeneraliseViewModel.START_PROGRAM);
        robot.interact(() -> generalise.exampleProperty().set(example));
        waitFor("the program's network at N = " + N, 60, () -> generalise.liveProperty().get() != null
                && generalise.liveProperty().get().instance() != null && generalise.liveProperty().get().instance().width() == N);
        assertTrue(generalise.liveProperty().get().message().contains("identical to " + example.name()),
                generalise.liveProperty().get().message());
        Network program = generalise.liveProperty().get().instance().withName("brent-kung-program-" + N);
        robot.interact(() -> {
            model.add(program);
            window.select("gpu");
        });
        WaitForAsyncUtils.waitForFxEvents();
        GpuViewModel gpu = window.gpu();
        Label device = robot.lookup("#gpu-device").queryAs(Label.class);
        waitFor("the device", 60, () -> gpu.availableProperty().get());
        waitFor("the kernel of " + program.name(), 60, () -> gpu.kernelProperty().get() != null
                && gpu.kernelProperty().get().source().contains(program.name()));
        System.out.println("device: " + device.getText());

        robot.clickOn(shown(robot, "Check on GPU"));
        waitFor("Check on GPU", 300, () -> !gpu.busyProperty().get() && !gpu.results().isEmpty()
                && !gpu.results().get(0).startsWith("checking"));
        List<String> checked = List.copyOf(gpu.results());
        checked.forEach(r -> System.out.println("check: " + r));
        assertTrue(checked.size() == GpuViewModel.CHECK_TILES.size() && checked.stream().allMatch(r -> r.startsWith("PASS")),
                "every check row passes: " + checked);

        robot.clickOn(shown(robot, "Benchmark"));
        waitFor("Benchmark", 480, () -> !gpu.busyProperty().get() && !gpu.throughput().isEmpty()
                && !gpu.results().get(0).startsWith("benchmarking"));
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> shownRows = robot.lookup("#gpu-results").queryAs(ListView.class);
        List<String> rows = shownRows.getItems().stream().map(String::valueOf).toList();
        rows.forEach(r -> System.out.println("benchmark: " + r));
        assertTrue(gpu.throughput().size() == Throughput.sizes(1).size(), "one timing row per size: " + rows);
        assertTrue(gpu.throughput().stream().allMatch(p -> p.ours() > 0 && p.cub() > 0 && p.memcpy() > 0
                && Double.isFinite(p.ours()) && Double.isFinite(p.cub())), "every row has our, CUB's and memcpy's bandwidth: " + rows);
        assertTrue(rows.stream().allMatch(r -> r.matches("n = [0-9,]+: ours [0-9.]+ GB/s, CUB [0-9.]+ GB/s, memcpy [0-9.]+ GB/s")), rows.toString());
        assertFalse(shown(robot, "Benchmark").isDisabled());

        String screenshot = System.getProperty("gpu.screenshot");
        if (screenshot != null) {
            Path file = Path.of(screenshot);
            robot.interact(() -> {
                try {
                    Screenshots.save(window.getScene(), file);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertTrue(Files.size(file) > 0, "screenshot written to " + file);
            System.out.println("screenshot saved to " + file);
        }

        robot.clickOn(shown(robot, "Tournament"));
        waitFor("Tournament", 480, () -> !gpu.busyProperty().get() && gpu.results().stream().anyMatch(r -> r.startsWith("report: ")));
        List<String> ranked = List.copyOf(gpu.results());
        ranked.forEach(r -> System.out.println("tournament: " + r));
        assertTrue(ranked.stream().anyMatch(r -> r.matches("candidates: [0-9]+ passed and timed, 0 failed")), ranked.toString());
        assertTrue(ranked.stream().anyMatch(r -> r.startsWith("best classic: ")) && ranked.stream().anyMatch(r -> r.startsWith("best library: cub::")),
                "the tournament ranks the classic families and CUB's block scans: " + ranked);
    }
}
