package org.entangle.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One command line run in process, as the command-line tests see it: its exit status and what it printed.
 *
 * @param status the exit status
 * @param out    standard output
 * @param err    standard error
 */
public record CliRun(int status, String out, String err) {

    /** Runs {@code args} through {@link EntangleCli#run(PrintWriter, PrintWriter, String...)}, capturing both streams. */
    public static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = EntangleCli.run(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(status, out.toString(), err.toString());
    }
}
