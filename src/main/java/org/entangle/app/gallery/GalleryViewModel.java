package org.entangle.app.gallery;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.network.Network;
import org.entangle.network.Schedules;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.tournament.GpuTimes;
import org.entangle.tournament.TournamentJson;

/**
 * The gallery's state: the workbench's networks with their metrics, sorted by a metric, filtered by an upper bound
 * on a metric, optionally one per computation ("distinct modulo schedule": {@link Schedules#canonical}), and the
 * Pareto front of size against depth; with a GPU tournament opened, each network's GPU time, by which it can sort.
 * Also the family picker (family + n + parameter) that adds networks.
 */
public final class GalleryViewModel {

    private final WorkbenchModel workbench;
    private Map<Network, NetworkMetrics> metrics = new IdentityHashMap<>();
    private long generation;
    private final ObservableList<GalleryEntry> shown = FXCollections.observableArrayList();
    private final ObjectProperty<GalleryMetric> sortBy = new SimpleObjectProperty<>(GalleryMetric.SIZE);
    private final ObjectProperty<GalleryMetric> filterBy = new SimpleObjectProperty<>(GalleryMetric.DEPTH);
    private final ObjectProperty<Integer> filterMax = new SimpleObjectProperty<>();
    private final BooleanProperty distinctModuloSchedule = new SimpleBooleanProperty();
    private final StringProperty family = new SimpleStringProperty(Families.names().get(1));
    private final IntegerProperty familyWidth = new SimpleIntegerProperty(WorkbenchModel.START_WIDTH);
    private final StringProperty summary = new SimpleStringProperty("");
    private final ObjectProperty<GpuTimes> gpuTimes = new SimpleObjectProperty<>();
    private final BooleanProperty sortByGpuTime = new SimpleBooleanProperty();

    public GalleryViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        workbench.networks().addListener((javafx.collections.ListChangeListener<Network>) c -> refresh());
        sortBy.addListener((o, a, b) -> refresh());
        filterBy.addListener((o, a, b) -> refresh());
        filterMax.addListener((o, a, b) -> refresh());
        distinctModuloSchedule.addListener((o, a, b) -> refresh());
        gpuTimes.addListener((o, a, b) -> refresh());
        sortByGpuTime.addListener((o, a, b) -> refresh());
        refresh();
    }

    /**
     * Recomputes the shown entries from the workbench's networks and the sort, filter and distinct settings on a
     * background job (metrics, canonical schedules and the sort take seconds for 100,000 networks); only the latest
     * request's result is shown.
     */
    public void refresh() {
        List<Network> networks = List.copyOf(workbench.networks());
        Integer max = filterMax.get();
        GalleryMetric filter = filterBy.get();
        GalleryMetric sort = sortBy.get();
        boolean distinct = distinctModuloSchedule.get();
        GpuTimes times = gpuTimes.get();
        boolean byGpu = sortByGpuTime.get() && times != null;
        Map<Network, NetworkMetrics> known = metrics;
        long request = ++generation;
        workbench.tasks().submit("Sorting the gallery", ctx -> {
            Map<Network, NetworkMetrics> computed = new IdentityHashMap<>();
            for (Network n : networks) computed.put(n, known.containsKey(n) ? known.get(n) : Metrics.of(n));
            return new Computed(computed, entries(networks, computed, filter, max, distinct, sort, times, byGpu));
        }, c -> {
            if (request != generation) return;
            metrics = c.metrics();
            shown.setAll(c.entries());
            summary.set(shown.size() + " of " + networks.size() + " networks" + (distinct ? ", distinct modulo schedule" : "")
                    + "; " + c.entries().stream().filter(GalleryEntry::pareto).count() + " on the size/depth Pareto front");
        }, e -> workbench.report("Sorting the gallery", e));
    }

    private record Computed(Map<Network, NetworkMetrics> metrics, List<GalleryEntry> entries) {
    }

    private static List<GalleryEntry> entries(List<Network> networks, Map<Network, NetworkMetrics> metrics, GalleryMetric filter,
                                              Integer max, boolean distinct, GalleryMetric sort, GpuTimes times, boolean byGpu) {
        List<Network> kept = new ArrayList<>();
        Set<Network> seen = new HashSet<>();
        for (Network n : networks) {
            if (max != null && filter.of(metrics.get(n)) > max) continue;
            if (distinct && !seen.add(Schedules.canonical(n))) continue;
            kept.add(n);
        }
        int[] width = new int[kept.size()];
        int[] size = new int[kept.size()];
        int[] depth = new int[kept.size()];
        for (int i = 0; i < kept.size(); i++) {
            NetworkMetrics m = metrics.get(kept.get(i));
            width[i] = m.width();
            size[i] = m.size();
            depth[i] = m.depth();
        }
        boolean[] front = ParetoFront.of(width, size, depth);
        List<GalleryEntry> entries = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            entries.add(new GalleryEntry(kept.get(i), metrics.get(kept.get(i)), front[i], times == null ? null : times.of(kept.get(i))));
        }
        Comparator<GalleryEntry> byMetric = Comparator.comparingInt((GalleryEntry e) -> sort.of(e.metrics()));
        Comparator<GalleryEntry> order = byGpu
                ? Comparator.comparingDouble((GalleryEntry e) -> e.gpu() == null ? Double.MAX_VALUE : e.gpu().time()).thenComparing(byMetric)
                : byMetric;
        entries.sort(order.thenComparing(e -> String.valueOf(e.network().name())));
        return entries;
    }

    /** Builds the picked family at the picked width (default parameter) and adds it to the workbench. */
    public void addFamilyNetwork() {
        String name = family.get();
        int n = familyWidth.get();
        workbench.tasks().submit("Building " + name + " at n = " + n, ctx -> Families.build(name, n),
                workbench::add, e -> workbench.report("Building " + name + "-" + n, e));
    }

    /** Replaces the working set with every family at the picked width. */
    public void loadCatalogue() {
        int n = familyWidth.get();
        workbench.tasks().submit("Building the catalogue at n = " + n, ctx -> WorkbenchModel.catalogue(n),
                workbench::replaceNetworks, e -> workbench.report("Building the catalogue", e));
    }

    /**
     * Opens a GPU tournament's JSON ({@code entangle gpu-tournament}, typically run on a GPU machine): its block-scan
     * networks replace the working set, each with its GPU time, and the gallery sorts by that time.
     */
    public void loadTournament(Path file) {
        workbench.tasks().submit("Opening " + file.getFileName(), ctx -> GpuTimes.of(TournamentJson.read(file.toString(), Files.readString(file))),
                times -> {
                    gpuTimes.set(times);
                    sortByGpuTime.set(true);
                    workbench.replaceNetworks(times.networks());
                }, e -> workbench.report("Opening " + file.getFileName(), e));
    }

    /** The loaded tournament's times, or null. */
    public ObjectProperty<GpuTimes> gpuTimesProperty() {
        return gpuTimes;
    }

    /** Whether to sort by the loaded tournament's GPU time (fastest first; untimed networks last) rather than a metric. */
    public BooleanProperty sortByGpuTimeProperty() {
        return sortByGpuTime;
    }

    /** Selects the entry's network in the workbench. */
    public void select(GalleryEntry entry) {
        if (entry != null) workbench.selectedProperty().set(entry.network());
    }

    public ObservableList<GalleryEntry> shown() {
        return shown;
    }

    public ObjectProperty<GalleryMetric> sortByProperty() {
        return sortBy;
    }

    public ObjectProperty<GalleryMetric> filterByProperty() {
        return filterBy;
    }

    /** The filter's upper bound, or null for no filter. */
    public ObjectProperty<Integer> filterMaxProperty() {
        return filterMax;
    }

    public BooleanProperty distinctModuloScheduleProperty() {
        return distinctModuloSchedule;
    }

    public StringProperty familyProperty() {
        return family;
    }

    public IntegerProperty familyWidthProperty() {
        return familyWidth;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public ObjectProperty<Network> selectedProperty() {
        return workbench.selectedProperty();
    }
}
