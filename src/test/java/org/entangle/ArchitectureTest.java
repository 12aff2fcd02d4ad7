package org.entangle;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Keeps the core free of JavaFX and JCuda: only {@code org.entangle.app} may use JavaFX, only {@code org.entangle.gpu} JCuda. */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.entangle");
    }

    @Test
    void onlyTheAppUsesJavaFx() {
        noClasses().that().resideOutsideOfPackages("org.entangle.app..", "org.entangle")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.fxmisc..")
                .check(classes);
    }

    @Test
    void onlyTheGpuRunnerUsesJCuda() {
        noClasses().that().resideOutsideOfPackage("org.entangle.gpu..")
                .should().dependOnClassesThat().resideInAnyPackage("jcuda..")
                .check(classes);
    }

    @Test
    void theNetworkModelDependsOnNothingAboveIt() {
        noClasses().that().resideInAPackage("org.entangle.network..")
                .should().dependOnClassesThat().resideInAnyPackage("org.entangle.cli..", "org.entangle.app..",
                        "org.entangle.gpu..", "org.entangle.diagram..", "org.entangle.oracle..", "org.entangle.lang..",
                        "org.entangle.entanglement..")
                .check(classes);
    }
}
