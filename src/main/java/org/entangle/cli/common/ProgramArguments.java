package org.entangle.cli.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.lang.RunLimits;

/** What the generalisation commands share: loading a program and reading a list of N, as {@link UserError}s. */
public final class ProgramArguments {

    /** The largest N the generalisation commands accept. */
    public static final int MAX_N = 1 << 16;

    private ProgramArguments() {
    }

    /** Parses a program file; a syntax error becomes a {@code file:line:column:} user error. */
    public static Program load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UserError(file + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        try {
            return Program.parse(text);
        } catch (LangError e) {
            throw new UserError(file + ":" + e.getMessage());
        }
    }

    /** Reads {@code 1..1024} or {@code 2,4,8,16} (or a mix, {@code 1..8,16,32}) into increasing N. */
    public static List<Integer> ns(String option, String text) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            try {
                int dots = p.indexOf("..");
                int lo = Integer.parseInt((dots < 0 ? p : p.substring(0, dots)).trim());
                int hi = dots < 0 ? lo : Integer.parseInt(p.substring(dots + 2).trim());
                int max = RunLimits.current().maxWidth();
                if (lo < 1 || hi > max || lo > hi) {
                    throw new UserError(option + " " + text + ": N must be in 1.." + max + " (the largest width; raise it with --max-width)"
                            + " and ranges increase, got '" + p + "'");
                }
                for (int n = lo; n <= hi; n++) out.add(n);
            } catch (NumberFormatException e) {
                throw new UserError(option + " " + text + ": expected a range A..B or a list A,B,C, got '" + p + "'");
            }
        }
        return out.stream().distinct().sorted().toList();
    }
}
