package org.entangle.discovery;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Program;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;

/**
 * A stage's problem as text fields, for the workspace file, and back: {@code base} is the spec form's program
 * ({@link SpecForm#programText()}, recognised again on reading) and {@code constraints} one line per constraint,
 * oldest first, its fields separated by tabs: {@code pin STEP:lo-hi,… REASON}, {@code slice SIZE DEPTH},
 * {@code fix LABEL STEP:WIRE:LO,…}. Every earlier stage of the breadcrumb is a prefix of these constraints.
 */
public final class StageSpecFields {

    private static final String TAB = "\t";

    private StageSpecFields() {
    }

    /** The fields of {@code spec}. */
    public static Map<String, String> of(StageSpec spec) {
        List<String> lines = new ArrayList<>();
        for (Constraint c : spec.constraints()) lines.add(line(c));
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("base", spec.base().programText());
        fields.put("constraints", String.join("\n", lines));
        return fields;
    }

    /** The stage written by {@link #of}; throws {@link IllegalArgumentException} saying what is wrong. */
    public static StageSpec parse(Map<String, String> fields) {
        String base = fields.get("base");
        if (base == null) throw new IllegalArgumentException("no base program");
        SpecForm form = SpecForm.recognise(Program.parse(base))
                .orElseThrow(() -> new IllegalArgumentException("the base program is not the talk's problem in spec form"));
        StageSpec spec = StageSpec.of(form);
        String constraints = fields.getOrDefault("constraints", "");
        int number = 0;
        for (String line : constraints.split("\n")) {
            number++;
            if (line.isBlank()) continue;
            try {
                spec = spec.with(constraint(line.split(TAB, -1)));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("constraint " + number + " ('" + line + "'): " + e.getMessage(), e);
            }
        }
        return spec;
    }

    private static String line(Constraint c) {
        if (c instanceof Constraint.PinState p) return String.join(TAB, "pin", p.pin().format(), p.reason());
        if (c instanceof Constraint.Slice s) return String.join(TAB, "slice", Integer.toString(s.size()), Integer.toString(s.depth()));
        Constraint.FixBlock f = (Constraint.FixBlock) c;
        List<String> fixes = new ArrayList<>();
        for (Constraint.WireRange r : f.fixes()) fixes.add(r.afterStep() + ":" + r.wire() + ":" + r.lo());
        return String.join(TAB, "fix", f.label(), String.join(",", fixes));
    }

    private static Constraint constraint(String[] f) {
        switch (f[0]) {
            case "pin":
                return new Constraint.PinState(Pin.parse(f[1]), f[2]);
            case "slice":
                return new Constraint.Slice(Integer.parseInt(f[1]), Integer.parseInt(f[2]));
            case "fix":
                List<Constraint.WireRange> fixes = new ArrayList<>();
                for (String r : f[2].split(",")) {
                    String[] p = r.split(":");
                    fixes.add(new Constraint.WireRange(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2])));
                }
                return new Constraint.FixBlock(f[1], fixes);
            default:
                throw new IllegalArgumentException("unknown kind '" + f[0] + "'");
        }
    }
}
