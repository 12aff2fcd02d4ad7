package org.entangle.app.generalise;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.generalize.ClosedForm;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.network.ScanSpec;
import org.entangle.network.families.Families;

/**
 * The generalise panel's state: an algorithm (a family) verified at N = 2, 4, …, 2^k on a background task
 * ({@link Verifier}), its size(N), depth(N) and steps(N) with the closed forms that fit ({@link ClosedForm}), and
 * its instance at the selected network's width compared with that network ({@link NetworkDiff}).
 */
public final class GeneraliseViewModel {

    private final WorkbenchModel workbench;
    private final StringProperty family = new SimpleStringProperty("sklansky");
    private final IntegerProperty maxExponent = new SimpleIntegerProperty(9);
    private final ObservableList<Verification.Row> rows = FXCollections.observableArrayList();
    private final StringProperty forms = new SimpleStringProperty("Press Verify to check the algorithm over N.");
    private final ObjectProperty<Network> instance = new SimpleObjectProperty<>();
    private final StringProperty diff = new SimpleStringProperty("");

    public GeneraliseViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        family.addListener((o, a, b) -> instantiate());
        workbench.selectedProperty().addListener((o, a, b) -> instantiate());
        instantiate();
    }

    /** Verifies the family at every power of two up to 2^maxExponent, in the background, cancellable between N. */
    public void verify() {
        String name = family.get();
        List<Integer> ns = new ArrayList<>();
        for (int k = 1; k <= maxExponent.get(); k++) ns.add(1 << k);
        workbench.tasks().submit("Verifying " + name + " over N", ctx -> Verifier.verify(n -> {
            ctx.progress("N = " + n, ns.indexOf(n) / (double) ns.size());
            return Families.build(name, n);
        }, ns, ScanSpec.INCLUSIVE, ctx::isCancelled), this::show, e -> workbench.report("Verifying " + name, e));
    }

    private void show(Verification v) {
        rows.setAll(v.rows());
        forms.set((v.passed() ? "correct for every N tried, up to " + v.verifiedUpTo()
                : "first failure: " + v.firstFailure().get().message()) + "\n"
                + "size(N) = " + v.sizeForm().map(Object::toString).orElse("no closed form fits") + "\n"
                + "depth(N) = " + v.depthForm().map(Object::toString).orElse("no closed form fits") + "\n"
                + "steps(N) = " + v.stepsForm().map(Object::toString).orElse("no closed form fits"));
    }

    private void instantiate() {
        Network example = workbench.selectedProperty().get();
        if (example == null) return;
        Network built = Families.build(family.get(), example.width());
        instance.set(built);
        NetworkDiff d = NetworkDiff.of(built, example);
        diff.set(d.identical() ? built.name() + " is identical to " + example.name()
                : built.name() + " against " + example.name() + ": " + d.commonCount() + " ops in common, "
                + d.onlyOursCount() + " only here, " + d.onlyTheirsCount() + " only in the example"
                + (d.firstDifferingStep() >= 0 ? "; first difference at step " + d.firstDifferingStep() : ""));
    }

    public StringProperty familyProperty() {
        return family;
    }

    public IntegerProperty maxExponentProperty() {
        return maxExponent;
    }

    public ObservableList<Verification.Row> rows() {
        return rows;
    }

    public StringProperty formsProperty() {
        return forms;
    }

    /** The family's network at the selected network's width. */
    public ObjectProperty<Network> instanceProperty() {
        return instance;
    }

    public StringProperty diffProperty() {
        return diff;
    }

    public WorkbenchModel workbench() {
        return workbench;
    }
}
