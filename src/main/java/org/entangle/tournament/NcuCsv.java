package org.entangle.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads what Nsight Compute prints with {@code --csv} (its details page: one row per kernel launch and metric, with
 * the columns {@code "ID"}, {@code "Kernel Name"}, {@code "Grid Size"}, {@code "Metric Name"}, {@code "Metric Unit"}
 * and {@code "Metric Value"} among others; lines before the header, such as the tool's own {@code ==PROF==} lines,
 * are skipped) into one {@link KernelProfile} per profiled block-scan kernel ({@link ProfiledKernel}); rows of other
 * kernels are left out. Counts are expected in base units ({@code --print-units base}); digits grouped with commas
 * ({@code 1,048,576}) are read as one number.
 */
public final class NcuCsv {

    static final String LOAD_CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
    static final String STORE_CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
    static final String LOAD_WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
    static final String STORE_WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
    static final String SHARED_LOADS = "smsp__inst_executed_op_shared_ld.sum";
    static final String SHARED_STORES = "smsp__inst_executed_op_shared_st.sum";
    static final String REGISTERS = "launch__registers_per_thread";
    static final String GRID = "launch__grid_size";

    /** The metrics the profile asks for, comma-separated as {@code ncu --metrics} takes them. */
    public static final String METRICS = String.join(",", LOAD_CONFLICTS, STORE_CONFLICTS, LOAD_WAVEFRONTS, STORE_WAVEFRONTS,
            SHARED_LOADS, SHARED_STORES, REGISTERS, GRID);

    private static final Pattern GROUPED = Pattern.compile("-?\\d{1,3}(,\\d{3})+(\\.\\d+)?");

    private NcuCsv() {
    }

    /**
     * The profiles of the block-scan kernels in {@code text}, in the order first seen; {@code source} names the text in
     * errors.
     *
     * @throws IllegalArgumentException when there is no header with the needed columns, or a value is no number
     */
    public static List<KernelProfile> read(String source, String text) {
        String[] lines = text.split("\\R");
        int header = -1;
        List<String> columns = null;
        for (int i = 0; i < lines.length && header < 0; i++) {
            if (!lines[i].startsWith("\"")) continue;
            List<String> fields = fields(lines[i]);
            if (fields.contains("Kernel Name") && fields.contains("Metric Name") && fields.contains("Metric Value")) {
                header = i;
                columns = fields;
            }
        }
        if (columns == null) {
            throw new IllegalArgumentException(source + ": not the CSV of ncu --csv (no header line with \"Kernel Name\", \"Metric Name\""
                    + " and \"Metric Value\")");
        }
        int id = columns.indexOf("ID");
        int kernel = columns.indexOf("Kernel Name");
        int grid = columns.indexOf("Grid Size");
        int metric = columns.indexOf("Metric Name");
        int value = columns.indexOf("Metric Value");
        Map<ProfiledKernel, Map<String, Map<String, Double>>> launches = new LinkedHashMap<>();
        Map<String, Integer> occurrences = new HashMap<>();
        for (int i = header + 1; i < lines.length; i++) {
            if (!lines[i].startsWith("\"")) continue;
            List<String> row = fields(lines[i]);
            if (row.size() < columns.size()) continue;
            Optional<ProfiledKernel> k = ProfiledKernel.parse(row.get(kernel));
            if (k.isEmpty()) continue;
            String name = row.get(metric);
            String launch = id >= 0 ? row.get(id) : Integer.toString(occurrences.merge(k.get() + name, 1, Integer::sum));
            Map<String, Double> metrics = launches.computeIfAbsent(k.get(), x -> new LinkedHashMap<>())
                    .computeIfAbsent(launch, x -> new HashMap<>());
            metrics.put(name, number(source, i + 1, row.get(value)));
            if (grid >= 0 && !metrics.containsKey(GRID)) {
                double blocks = gridBlocks(row.get(grid));
                if (!Double.isNaN(blocks)) metrics.put(GRID, blocks);
            }
        }
        List<KernelProfile> profiles = new ArrayList<>();
        for (Map.Entry<ProfiledKernel, Map<String, Map<String, Double>>> e : launches.entrySet()) {
            ProfiledKernel k = e.getKey();
            List<Map<String, Double>> all = List.copyOf(e.getValue().values());
            double registers = mean(all, REGISTERS);
            profiles.add(new KernelProfile(k.width(), k.id(), k.reps(), all.size(), mean(all, GRID),
                    Double.isNaN(registers) ? -1 : (int) Math.round(registers), mean(all, LOAD_CONFLICTS), mean(all, STORE_CONFLICTS),
                    mean(all, LOAD_WAVEFRONTS), mean(all, STORE_WAVEFRONTS), mean(all, SHARED_LOADS), mean(all, SHARED_STORES)));
        }
        return profiles;
    }

    /** The mean over the launches that report {@code metric}; NaN when none does. */
    private static double mean(List<Map<String, Double>> launches, String metric) {
        double sum = 0;
        int n = 0;
        for (Map<String, Double> m : launches) {
            Double v = m.get(metric);
            if (v != null && !v.isNaN()) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static double number(String source, int line, String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("n/a")) return Double.NaN;
        if (GROUPED.matcher(t).matches()) t = t.replace(",", "");
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ":" + line + ": metric value \"" + text + "\" is not a number");
        }
    }

    /** The blocks of a grid written as {@code (x, y, z)}; NaN when it is not written so. */
    private static double gridBlocks(String text) {
        String t = text.trim();
        if (!t.startsWith("(") || !t.endsWith(")")) return Double.NaN;
        double product = 1;
        for (String part : t.substring(1, t.length() - 1).split(",")) {
            try {
                product *= Long.parseLong(part.trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return product;
    }

    /** The fields of one CSV line: quoted fields (a doubled quote inside is one quote) or bare ones. */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
