package org.entangle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.entangle.cli.EntangleCli;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package architecture, enforced. The core is a stack of layers, each depending only on those below it:
 * {@code work} (cancellation, progress) ← {@code network} ← {@code lang} ← {@code oracle} ← {@code entanglement};
 * {@code discovery} (the talk's loop of constraints, on {@code entanglement} and {@code generalize}) above them, used by the
 * workbench;
 * beside them {@code diagram} (on {@code network} only), {@code banks} (shared-memory bank conflicts, on
 * {@code network} and {@code lang}), {@code generalize}, {@code cuda} (on {@code banks}, {@code generalize},
 * {@code lang}, {@code network}), {@code tournament} (the GPU tournament's candidates and report, on {@code diagram},
 * {@code banks}, {@code oracle} and below), {@code gpu} (on {@code cuda}, {@code network} and {@code tournament}) and
 * {@code files} (the workbench's own files, workspaces and settings, and which kind of file it is asked to open; on
 * nothing). On top, the command line
 * ({@code cli}) and the workbench ({@code app}) each use the core and never each other; {@code Main} picks one. No
 * package takes part in a cycle, the app's own packages (its shell, its shared model and widgets, its panels)
 * included; only the app and {@code gpu} use JavaFX or JCuda.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.entangle");
    }

    /** The layers and what each may use. */
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("Work").definedBy("org.entangle.work..")
            .layer("Network").definedBy("org.entangle.network..")
            .layer("Lang").definedBy("org.entangle.lang..")
            .layer("Oracle").definedBy("org.entangle.oracle..")
            .layer("Entanglement").definedBy("org.entangle.entanglement..")
            .layer("Discovery").definedBy("org.entangle.discovery..")
            .layer("Diagram").definedBy("org.entangle.diagram..")
            .layer("Banks").definedBy("org.entangle.banks..")
            .layer("Generalize").definedBy("org.entangle.generalize..")
            .layer("Cuda").definedBy("org.entangle.cuda..")
            .layer("Tournament").definedBy("org.entangle.tournament..")
            .layer("Gpu").definedBy("org.entangle.gpu..")
            .layer("Files").definedBy("org.entangle.files..")
            .layer("Cli").definedBy("org.entangle.cli..")
            .layer("App").definedBy("org.entangle.app..")
            .layer("Main").definedBy("org.entangle")
            .whereLayer("Work").mayNotAccessAnyLayer()
            .whereLayer("Network").mayOnlyAccessLayers("Work")
            .whereLayer("Lang").mayOnlyAccessLayers("Network", "Work")
            .whereLayer("Oracle").mayOnlyAccessLayers("Lang", "Network", "Work")
            .whereLayer("Entanglement").mayOnlyAccessLayers("Oracle", "Lang", "Network", "Work")
            .whereLayer("Discovery").mayOnlyAccessLayers("Generalize", "Entanglement", "Oracle", "Lang", "Network", "Work")
            .whereLayer("Diagram").mayOnlyAccessLayers("Network")
            .whereLayer("Banks").mayOnlyAccessLayers("Lang", "Network", "Work")
            .whereLayer("Generalize").mayOnlyAccessLayers("Banks", "Oracle", "Lang", "Network", "Work")
            .whereLayer("Cuda").mayOnlyAccessLayers("Banks", "Generalize", "Lang", "Network", "Work")
            .whereLayer("Tournament").mayOnlyAccessLayers("Diagram", "Banks", "Oracle", "Lang", "Network", "Work")
            .whereLayer("Gpu").mayOnlyAccessLayers("Tournament", "Cuda", "Network", "Work")
            .whereLayer("Files").mayNotAccessAnyLayer()
            .whereLayer("Cli").mayOnlyAccessLayers("Work", "Network", "Lang", "Oracle", "Entanglement", "Diagram", "Banks",
                    "Generalize", "Cuda", "Gpu", "Tournament")
            .whereLayer("App").mayOnlyAccessLayers("Work", "Network", "Lang", "Oracle", "Entanglement", "Discovery", "Diagram",
                    "Banks", "Generalize", "Cuda", "Gpu", "Tournament", "Files")
            .whereLayer("Main").mayOnlyAccessLayers("Cli", "App")
            .whereLayer("Main").mayNotBeAccessedByAnyLayer();

    /** Every package, each at its own depth (so the app's subpackages too), free of cycles. */
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("org.entangle.(**)").should().beFreeOfCycles();

    /** The app's packages, each with its subpackages, free of cycles among themselves. */
    static final ArchRule NO_APP_CYCLES = slices().matching("org.entangle.app.(*)..").should().beFreeOfCycles();

    @Test
    void eachLayerUsesOnlyTheLayersBelowIt() {
        LAYERS.check(classes);
    }

    @Test
    void noPackageTakesPartInACycle() {
        NO_PACKAGE_CYCLES.check(classes);
        NO_APP_CYCLES.check(classes);
    }

    @Test
    void theCycleRuleReportsAPlantedCycle() {
        JavaClasses planted = new ClassFileImporter().importPackages("org.entangle.architecture.plantedcycle");
        assertEquals(2, planted.size(), "the planted classes were not imported");
        EvaluationResult result = NO_PACKAGE_CYCLES.evaluate(planted);
        assertTrue(result.hasViolation(), "the cycle rule passed a planted cycle");
        String report = result.getFailureReport().toString();
        assertTrue(report.contains("Ping") && report.contains("Pong"), report);
        assertFalse(NO_PACKAGE_CYCLES.evaluate(classes).hasViolation(), "the production classes have a cycle");
    }

    @Test
    void theCoreUsesNeitherJavaFxNorJCuda() {
        noClasses().that().resideOutsideOfPackages("org.entangle.app..", "org.entangle.gpu..")
                .and().doNotHaveFullyQualifiedName(Main.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..", "jcuda..")
                .check(classes);
    }

    @Test
    void onlyTheAppUsesJavaFxAndOnlyTheGpuRunnerUsesJCuda() {
        noClasses().that().resideOutsideOfPackage("org.entangle.app..")
                .and().doNotHaveFullyQualifiedName(Main.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
                .check(classes);
        noClasses().that().resideOutsideOfPackage("org.entangle.gpu..")
                .should().dependOnClassesThat().resideInAnyPackage("jcuda..")
                .check(classes);
    }

    @Test
    void theCommandLineAndTheWorkbenchDoNotUseEachOther() {
        noClasses().that().resideInAPackage("org.entangle.cli..").should().dependOnClassesThat()
                .resideInAPackage("org.entangle.app..").check(classes);
        noClasses().that().resideInAPackage("org.entangle.app..").should().dependOnClassesThat()
                .resideInAPackage("org.entangle.cli..").check(classes);
    }

    /** Nor by name: no class of the command line holds the name of an app class (to load it by reflection). */
    @Test
    void theCommandLineDoesNotNameTheWorkbenchsClasses() throws IOException, URISyntaxException {
        Path cli = Path.of(EntangleCli.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("org/entangle/cli");
        try (Stream<Path> files = Files.walk(cli)) {
            List<Path> naming = files.filter(f -> f.toString().endsWith(".class")).filter(f -> {
                try {
                    String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    return bytes.contains("org.entangle.app.") || bytes.contains("org/entangle/app/");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
            assertEquals(List.of(), naming, "command-line classes that name the app's classes");
        }
    }
}
