package org.entangle.app.inspect;

import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.PanelState;
import org.entangle.app.WorkbenchModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * The network panel's state: colour mode, row placement, ranges, the comparison mode and partner, the diagram
 * options they make, and the inspector's text (every metric with its definition); all but the inspector are saved with
 * the workspace ({@link #panelState()}).
 */
public final class NetworkViewModel {

    private final WorkbenchModel workbench;
    private final ObjectProperty<DiagramOptions.ColourBy> colourBy = new SimpleObjectProperty<>(DiagramOptions.ColourBy.STEP);
    private final ObjectProperty<DiagramOptions.Rows> rows = new SimpleObjectProperty<>(DiagramOptions.Rows.SCHEDULE);
    private final BooleanProperty ranges = new SimpleBooleanProperty();
    private final ObjectProperty<CompareMode> compare = new SimpleObjectProperty<>(CompareMode.NONE);
    private final ObjectBinding<DiagramOptions> options;
    private final StringBinding inspector;
    /** Whether a colour mode restored from a workspace holds when the restored entanglement result next colours by block. */
    private boolean keepRestoredColour;

    public NetworkViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        workbench.blockGroupsProperty().addListener((o, a, b) -> {
            if (b != null && !keepRestoredColour) colourBy.set(DiagramOptions.ColourBy.GROUPS);
            if (b != null) keepRestoredColour = false;
        });
        options = Bindings.createObjectBinding(this::makeOptions, colourBy, rows, ranges, compare,
                workbench.compareWithProperty(), workbench.blockGroupsProperty());
        inspector = Bindings.createStringBinding(() -> describe(workbench.selectedProperty().get()), workbench.selectedProperty());
    }

    private DiagramOptions makeOptions() {
        DiagramOptions o = DiagramOptions.DEFAULT.withRows(rows.get()).withRanges(ranges.get());
        if (workbench.blockGroupsProperty().get() != null) o = o.withGroups(workbench.blockGroupsProperty().get());
        Network other = workbench.compareWithProperty().get();
        if (compare.get() == CompareMode.DIFF && other != null) {
            return o.withDiffAgainst(other).withColourBy(DiagramOptions.ColourBy.DIFF);
        }
        DiagramOptions.ColourBy by = colourBy.get();
        if (by == DiagramOptions.ColourBy.GROUPS && o.groups() == null) by = DiagramOptions.ColourBy.NONE;
        if (by == DiagramOptions.ColourBy.DIFF) by = DiagramOptions.ColourBy.NONE;
        return o.withColourBy(by);
    }

    /** The inspector text: the network's provenance and every metric with its definition. */
    public static String describe(Network network) {
        if (network == null) return "No network selected.";
        NetworkMetrics m = Metrics.of(network);
        StringBuilder s = new StringBuilder();
        s.append(network.name()).append('\n');
        if (network.provenance() != null) s.append(network.provenance()).append('\n');
        s.append('\n');
        line(s, "width n", m.width(), "number of inputs (wires)");
        line(s, "size", m.size(), "combining ops");
        line(s, "depth", m.depth(), "longest chain of combining ops");
        line(s, "steps", m.steps(), "parallel steps in this schedule");
        line(s, "fan-out", m.maxFanout(), "most combining ops reading one value");
        line(s, "deficiency", m.deficiency(), "size + depth − (2n − 2); 0 is depth-size optimal");
        line(s, "moves", m.moves(), "identity and copy ops");
        s.append(String.format(Locale.ROOT, "%-11s %.2f  %s%n", "work eff.", m.workEfficiency(), "size / (n − 1)"));
        s.append("\nops per step: ").append(m.opsPerStep());
        s.append("\nmodel: ").append(network.model()).append(", spec: ").append(network.spec());
        return s.toString();
    }

    private static void line(StringBuilder s, String name, int value, String definition) {
        s.append(String.format(Locale.ROOT, "%-11s %4d  %s%n", name, value, definition));
    }

    /**
     * The panel's part of the workspace: the colour mode, the row placement, the ranges and the comparison mode. A
     * restored colour mode other than by block holds when the workspace's entanglement result, computed again, colours
     * the diagram; later results switch to block colours as usual.
     */
    public PanelState panelState() {
        return new PanelState() {
            @Override
            public String key() {
                return "network";
            }

            @Override
            public Supplier<Map<String, String>> capture() {
                Map<String, String> fields = Map.of("colourBy", colourBy.get().name(), "rows", rows.get().name(),
                        "ranges", Boolean.toString(ranges.get()), "compare", compare.get().name());
                return () -> fields;
            }

            @Override
            public void restore(Map<String, String> fields) {
                if (fields.containsKey("colourBy")) colourBy.set(DiagramOptions.ColourBy.valueOf(fields.get("colourBy")));
                keepRestoredColour = colourBy.get() != DiagramOptions.ColourBy.GROUPS;
                if (fields.containsKey("rows")) rows.set(DiagramOptions.Rows.valueOf(fields.get("rows")));
                if (fields.containsKey("ranges")) ranges.set(Boolean.parseBoolean(fields.get("ranges")));
                if (fields.containsKey("compare")) compare.set(CompareMode.valueOf(fields.get("compare")));
            }
        };
    }

    public ObjectBinding<DiagramOptions> options() {
        return options;
    }

    public StringBinding inspectorText() {
        return inspector;
    }

    public ObjectProperty<DiagramOptions.ColourBy> colourByProperty() {
        return colourBy;
    }

    public ObjectProperty<DiagramOptions.Rows> rowsProperty() {
        return rows;
    }

    public BooleanProperty rangesProperty() {
        return ranges;
    }

    public ObjectProperty<CompareMode> compareProperty() {
        return compare;
    }

    public WorkbenchModel workbench() {
        return workbench;
    }
}
