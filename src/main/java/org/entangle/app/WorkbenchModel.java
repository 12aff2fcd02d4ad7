package org.entangle.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.task.TaskRunner;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.families.Families;

/**
 * The workbench's shared state (model–view–view-model, as in JabRef): the networks the user is working with (the gallery's
 * source), the selected network and the one it is compared with, the program being edited, the notes, the theme and classroom mode, the
 * latest problem and notice, the export folder, the panels' {@link PanelState}s for the workspace, and the task runner
 * that every panel's long work goes through. Properties only; no controls.
 */
public final class WorkbenchModel {

    /** The families shown on a first start: every classic family at n = 16, the talk's size. */
    public static final int START_WIDTH = 16;
    /** The family selected on a first start: the talk's example (Brent–Kung at n = 16). */
    public static final String START_FAMILY = "brent-kung";

    private final TaskRunner tasks;
    private final ObservableList<Network> networks = FXCollections.observableArrayList();
    private final ObjectProperty<Network> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<Network> compareWith = new SimpleObjectProperty<>();
    private final ObjectProperty<OpGroups> blockGroups = new SimpleObjectProperty<>();
    private final StringProperty notes = new SimpleStringProperty("");
    private final StringProperty program = new SimpleStringProperty("");
    private final BooleanProperty dark = new SimpleBooleanProperty();
    private final BooleanProperty classroom = new SimpleBooleanProperty();
    private final ObjectProperty<Problem> problem = new SimpleObjectProperty<>();
    private final StringProperty notice = new SimpleStringProperty("");
    private final ObjectProperty<Path> exportFolder = new SimpleObjectProperty<>();
    private final List<PanelState> panelStates = new ArrayList<>();

    public WorkbenchModel(TaskRunner tasks) {
        this.tasks = tasks;
    }

    /** A model holding the catalogue of classic families at {@link #START_WIDTH}, {@link #START_FAMILY} selected. */
    public static WorkbenchModel withCatalogue(TaskRunner tasks) {
        WorkbenchModel model = new WorkbenchModel(tasks);
        List<Network> networks = catalogue(START_WIDTH);
        model.replaceNetworks(networks);
        networks.stream().filter(n -> n.name().startsWith(START_FAMILY)).findFirst().ifPresent(model.selected::set);
        return model;
    }

    /** Every classic family at width n with its default parameter. */
    public static List<Network> catalogue(int n) {
        return Families.names().stream().map(name -> Families.build(name, n)).toList();
    }

    /** Replaces the working set and selects its first network. */
    public void replaceNetworks(List<Network> list) {
        networks.setAll(list);
        selected.set(list.isEmpty() ? null : list.get(0));
    }

    /** Adds a network (opened from a file or built from a family) and selects it. */
    public void add(Network network) {
        networks.add(network);
        selected.set(network);
    }

    public TaskRunner tasks() {
        return tasks;
    }

    public ObservableList<Network> networks() {
        return networks;
    }

    public ObjectProperty<Network> selectedProperty() {
        return selected;
    }

    public ObjectProperty<Network> compareWithProperty() {
        return compareWith;
    }

    /** The selected network's ops grouped by entanglement block, or null before the entanglement panel ran. */
    public ObjectProperty<OpGroups> blockGroupsProperty() {
        return blockGroups;
    }

    /** The angelic program being edited (saved with the workspace). */
    public StringProperty programProperty() {
        return program;
    }

    public StringProperty notesProperty() {
        return notes;
    }

    public BooleanProperty darkProperty() {
        return dark;
    }

    public BooleanProperty classroomProperty() {
        return classroom;
    }

    /** The latest problem for the user, shown by the view as a notice until dismissed; null when none. */
    public ObjectProperty<Problem> problemProperty() {
        return problem;
    }

    /** Reports a failure to the user as a {@link Problem} (never a stack trace in the main text). */
    public void report(String what, Throwable cause) {
        problem.set(Problem.of(what, cause));
    }

    /** The latest notice of something done (a file written), shown in the status bar; not a problem. */
    public StringProperty noticeProperty() {
        return notice;
    }

    /** Tells the user that something was done; the same text twice shows twice. */
    public void inform(String text) {
        notice.set("");
        notice.set(text);
    }

    /** The folder of the latest export (remembered between runs): the next export's default; null before the first. */
    public ObjectProperty<Path> exportFolderProperty() {
        return exportFolder;
    }

    /** Adds a panel's part of the workspace ({@link PanelState}); its key must be new. */
    public void addPanelState(PanelState state) {
        if (panelStates.stream().anyMatch(p -> p.key().equals(state.key()))) {
            throw new IllegalArgumentException("a panel state '" + state.key() + "' is already registered");
        }
        panelStates.add(state);
    }

    /** The panels' parts of the workspace, in the order they were added. */
    public List<PanelState> panelStates() {
        return List.copyOf(panelStates);
    }
}
