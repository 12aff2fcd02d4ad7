package org.entangle.app.entangle;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.PanelState;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.program.AngelsResult;
import org.entangle.app.task.Job;
import org.entangle.entanglement.AngelChoices;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.BlockColours;
import org.entangle.entanglement.FinestPartition;
import org.entangle.entanglement.FunctionalView;
import org.entangle.entanglement.PairwiseEntanglement;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceJson;
import org.entangle.entanglement.TraceSet;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.oracle.Trace;

/**
 * The entanglement panel's state: which of the program's oracle traces (all, the gallery's filtered ones, a
 * sample; {@link ProgramTraces}) or which trace set from elsewhere (a file, a saved workspace), the run on a background task, the blocks of the raw view (the angels' choices)
 * and the functional view with their value tables and shares, and the selected network's ops grouped by the raw
 * block of the angel that chose them ({@link ProgramTraceSets#choicesOf}, {@link BlockColours}; the legend names
 * each block by its size, the list names its angels).
 */
public final class EntanglementViewModel {

    /** The most value combinations a block's table lists. */
    public static final int TABLE_ROWS = 500;
    /** The seed of the sampled trace source. */
    public static final long SAMPLE_SEED = 1;

    private final WorkbenchModel workbench;
    private final Supplier<List<Network>> filtered;
    private final Supplier<AngelsResult> angels;
    private final ObjectProperty<TraceSource> source = new SimpleObjectProperty<>(TraceSource.ALL);
    private final IntegerProperty sampleSize = new SimpleIntegerProperty(1000);
    private final ObjectProperty<EntanglementResult> result = new SimpleObjectProperty<>();
    private final ObservableList<BlockRow> rawBlocks = FXCollections.observableArrayList();
    private final ObservableList<BlockRow> functionalBlocks = FXCollections.observableArrayList();
    private final ObjectProperty<Network> shownNetwork = new SimpleObjectProperty<>();
    private final ObjectProperty<OpGroups> shownGroups = new SimpleObjectProperty<>();
    private final StringProperty summary = new SimpleStringProperty("Not run yet: press Run to partition the angels.");
    private String origin;
    private String analysedProgram;

    /** One block as the list shows it. */
    public record BlockRow(int index, Block block, TraceSet set, String colour) {
        public String label(TraceSet of) {
            List<String> names = new ArrayList<>();
            for (int a : block.angels()) names.add(of.domain(a).name());
            return String.format(Locale.ROOT, "block %d: %s — %d combination%s, %.1f%% of log|T|", index,
                    String.join(", ", names), block.combinations(), block.combinations() == 1 ? "" : "s", 100 * block.share());
        }
    }

    /**
     * @param filtered the gallery's shown networks
     * @param angels   the last "Ask the angels" result, or null
     */
    public EntanglementViewModel(WorkbenchModel workbench, Supplier<List<Network>> filtered, Supplier<AngelsResult> angels) {
        this.workbench = workbench;
        this.filtered = filtered;
        this.angels = angels;
        workbench.selectedProperty().addListener((o, a, b) -> colourSelected());
        colourSelected();
    }

    /** Runs the finest partition on the chosen traces of the current program in the background. */
    public void run() {
        TraceSource from = source.get();
        String program = workbench.programProperty().get();
        AngelsResult found = angels.get();
        List<Network> shown = List.copyOf(filtered.get());
        int sample = sampleSize.get();
        summary.set("gathering the " + from + " traces of the program…");
        partition(null, program, ctx -> ProgramTraces.gather(from, program, found, shown, sample, SAMPLE_SEED, ctx));
    }

    /**
     * Runs the finest partition on the trace set {@code read} gives on a background job (a trace-set file, or the
     * traces a workspace saved); {@code origin} names them. When {@code program} is the program whose traces they are
     * (null when unknown), their networks are coloured by block as the program's own traces are.
     */
    public void analyse(String origin, String program, Job<TraceSet> read) {
        summary.set("reading the traces of " + origin + "…");
        partition(origin, program, ctx -> {
            TraceSet set = read.run(ctx);
            return new ProgramTraceSets.Collected(set, List.of(), set.names());
        });
    }

    private void partition(String origin, String program, Job<ProgramTraceSets.Collected> gather) {
        workbench.tasks().submit("Finding the finest partition", ctx -> {
            ProgramTraceSets.Collected traces = gather.run(ctx);
            TraceSet raw = traces.set();
            ctx.progress("raw view: " + raw.size() + " traces, " + raw.angels() + " angels", -1);
            Partition rawPartition = FinestPartition.of(raw);
            if (!raw.hasNetworks()) return new EntanglementResult(traces, rawPartition, null, null, PairwiseEntanglement.of(raw));
            TraceSet functional = FunctionalView.of(raw, FunctionalView.Detail.RANGE_AND_WIRE);
            ctx.progress("functional view: " + functional.angels() + " ranges", -1);
            Partition functionalPartition = FinestPartition.of(functional);
            return new EntanglementResult(traces, rawPartition, functional, functionalPartition, PairwiseEntanglement.of(raw));
        }, r -> show(r, origin, program), e -> {
            if (e instanceof IllegalArgumentException) summary.set("Not run: " + e.getMessage());
            else workbench.report(origin == null ? "Finding the finest partition" : "Partitioning the traces of " + origin, e);
        });
    }

    private void show(EntanglementResult r, String from, String program) {
        origin = from;
        analysedProgram = program;
        result.set(r);
        rawBlocks.setAll(rows(r.rawPartition(), r.raw()));
        functionalBlocks.setAll(r.functional() == null ? List.of() : rows(r.functionalPartition(), r.functional()));
        summary.set(String.format(Locale.ROOT, "%d traces%s · raw: %d angels in %d blocks · functional: %s",
                r.raw().size(), from == null ? "" : " of " + from, r.raw().angels(), r.rawPartition().blocks().size(),
                r.functional() == null ? "none, the traces carry no networks" : String.format(Locale.ROOT, "%d ranges in %d blocks",
                        r.functional().angels(), r.functionalPartition().blocks().size())));
        colourSelected();
    }

    /**
     * The panel's part of the workspace: the trace source and sample size, and the analysed traces (with their origin)
     * from which the result is computed again when the workspace is restored.
     */
    public PanelState panelState() {
        return new PanelState() {
            @Override
            public String key() {
                return "entanglement";
            }

            @Override
            public Supplier<Map<String, String>> capture() {
                TraceSource from = source.get();
                int sample = sampleSize.get();
                EntanglementResult done = result.get();
                String analysed = origin;
                String program = analysedProgram;
                return () -> {
                    Map<String, String> fields = new HashMap<>(Map.of("source", from.name(), "sample", Integer.toString(sample)));
                    if (done != null) fields.put("traces", traceText(done.raw()));
                    if (analysed != null) fields.put("origin", analysed);
                    if (program != null && done != null) fields.put("program", program);
                    return fields;
                };
            }

            @Override
            public void restore(Map<String, String> fields) {
                if (fields.containsKey("source")) source.set(TraceSource.valueOf(fields.get("source")));
                if (fields.containsKey("sample")) sampleSize.set(Integer.parseInt(fields.get("sample")));
                String traces = fields.get("traces");
                String from = fields.getOrDefault("origin", "the workspace");
                if (traces != null) analyse(from, fields.get("program"), ctx -> TraceJson.read(new StringReader(traces), from));
            }
        };
    }

    private static String traceText(TraceSet set) {
        StringWriter text = new StringWriter();
        try {
            TraceJson.write(set, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** One row per block, keeping each block's index and colour, the blocks with the most combinations first. */
    private static List<BlockRow> rows(Partition partition, TraceSet set) {
        List<BlockRow> rows = new ArrayList<>();
        for (int i = 0; i < partition.blocks().size(); i++) {
            rows.add(new BlockRow(i, partition.blocks().get(i), set, BlockColours.colour(i)));
        }
        rows.sort(java.util.Comparator.comparingLong((BlockRow r) -> r.block().combinations()).reversed());
        return rows;
    }

    private void colourSelected() {
        EntanglementResult r = result.get();
        Network selected = workbench.selectedProperty().get();
        int row = r == null || selected == null ? -1 : indexOf(r.raw(), selected);
        OpGroups coloured = row < 0 ? null : groups(r, row, analysedProgram);
        workbench.blockGroupsProperty().set(coloured);
        shownNetwork.set(selected);
        shownGroups.set(coloured);
    }

    /**
     * The ops of row {@code row}'s network grouped by the raw block of the angel that chose each: from the oracle's
     * trace, or, for traces read back, from their angels' names and {@code program}; null when neither is known.
     */
    private static OpGroups groups(EntanglementResult r, int row, String program) {
        List<Trace> traces = r.traces().traces();
        if (traces.isEmpty() && program == null) return null;
        AngelChoices choices = traces.isEmpty() ? ProgramTraceSets.choicesOf(r.raw(), row, program)
                : ProgramTraceSets.choicesOf(traces.get(row), r.traces().angelNames());
        OpGroups groups = BlockColours.opGroups(choices, r.rawPartition(), r.raw().names());
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < r.rawPartition().blocks().size(); i++) {
            int angels = r.rawPartition().blocks().get(i).size();
            legend.add("block " + i + " (" + angels + " angel" + (angels == 1 ? ")" : "s)"));
        }
        return new OpGroups(legend, groups.groups(), groups.colours());
    }

    /** The row whose network is {@code network} itself, else the first with the same steps (a sample's copy). */
    private static int indexOf(TraceSet set, Network network) {
        for (int i = 0; i < set.size(); i++) {
            if (set.network(i).orElse(null) == network) return i;
        }
        for (int i = 0; i < set.size(); i++) {
            if (network.equals(set.network(i).orElse(null))) return i;
        }
        return -1;
    }

    /** The distinct value combinations of a block (at most {@link #TABLE_ROWS}), one list of tokens per row. */
    public static List<List<String>> table(BlockRow row) {
        int[] angels = row.block().angels().stream().mapToInt(Integer::intValue).toArray();
        TraceSet projected = row.set().project(angels);
        List<List<String>> table = new ArrayList<>();
        for (int r = 0; r < Math.min(projected.size(), TABLE_ROWS); r++) {
            List<String> tokens = new ArrayList<>();
            for (int a = 0; a < angels.length; a++) tokens.add(projected.token(r, a));
            table.add(tokens);
        }
        return table;
    }

    public ObjectProperty<TraceSource> sourceProperty() {
        return source;
    }

    public IntegerProperty sampleSizeProperty() {
        return sampleSize;
    }

    public ObjectProperty<EntanglementResult> resultProperty() {
        return result;
    }

    public ObservableList<BlockRow> rawBlocks() {
        return rawBlocks;
    }

    public ObservableList<BlockRow> functionalBlocks() {
        return functionalBlocks;
    }

    /** The network the panel's diagram shows: always the gallery's selection, coloured when it is one of the traces. */
    public ObjectProperty<Network> shownNetworkProperty() {
        return shownNetwork;
    }

    /** The shown network's ops grouped by block, or null when it is not one of the analysed traces. */
    public ObjectProperty<OpGroups> shownGroupsProperty() {
        return shownGroups;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public WorkbenchModel workbench() {
        return workbench;
    }
}
