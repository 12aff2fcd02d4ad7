package org.entangle.work;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How a failure is told to its user: whole sentences saying what failed, why (the first message of the cause chain)
 * and what to do about it (a remedy chosen by the kind of cause: memory, files, a located input error), and, for the
 * details, the cause chain itself (each cause's type and message, outermost first) before the stack trace. A
 * {@link Advice} failure already says what to do, and is told as it is.
 */
public final class Failures {

    /** A message that names a place in an input: {@code file:12:}, {@code 3:14:} or {@code line 2, column 18}. */
    private static final Pattern LOCATED = Pattern.compile("(^|\\S):\\d+(:\\d+)?:\\s|\\bline \\d+");

    private Failures() {
    }

    /** A failure whose message says what went wrong and what to do about it, in whole sentences. */
    public static final class Advice extends RuntimeException {
        public Advice(String message) {
            super(message);
        }
    }

    /** "Opening a.json failed: a.json:3: expected a name. Correct the place named and try again." */
    public static String summary(String what, Throwable cause) {
        List<Throwable> chain = chain(cause);
        Throwable explained = chain.stream().filter(t -> t.getMessage() != null && !t.getMessage().isBlank()).findFirst().orElse(cause);
        String why = explained.getMessage() != null ? explained.getMessage().strip() : describe(explained.getClass());
        String told = sentence(what + " failed: " + why);
        if (chain.stream().anyMatch(t -> t instanceof Advice)) return told;
        return told + " " + remedy(chain, why);
    }

    /** What to do: by the kind of the causes, else by a location in the message, else where to look further. */
    private static String remedy(List<Throwable> chain, String why) {
        if (chain.stream().anyMatch(t -> t instanceof OutOfMemoryError)) return memoryRemedy(Runtime.getRuntime().maxMemory());
        if (chain.stream().anyMatch(t -> t instanceof NoSuchFileException || t instanceof FileNotFoundException)) {
            return "Check the file's name and folder, then try again.";
        }
        if (chain.stream().anyMatch(t -> t instanceof AccessDeniedException)) return "Choose a file or folder you may use, then try again.";
        if (LOCATED.matcher(why).find()) return "Correct the place named and try again.";
        if (chain.stream().anyMatch(t -> t instanceof IOException)) return "Check the file and the free disk space, then try again.";
        return "Show details for the causes; correct what they name and try again.";
    }

    /** The search-ran-out-of-memory advice, for a heap of {@code maxHeapBytes}: smaller searches, or more memory. */
    public static String memoryAdvice(long maxHeapBytes) {
        String more = memoryRemedy(maxHeapBytes);
        return String.format(Locale.ROOT, "The search needs more memory than the workbench's %.1f GB. Try a smaller N or "
                + "tighter asserts%s", maxHeapBytes / 1e9, more.startsWith("Start")
                ? ", or s" + more.substring(1) : "; t" + more.substring(1));
    }

    /** Start with a heap twice as large, as far as three quarters of the machine's memory allow. */
    private static String memoryRemedy(long maxHeapBytes) {
        long machine = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : 0;
        long gigabyte = 1L << 30;
        long wanted = Math.max(1, (2 * maxHeapBytes + gigabyte - 1) / gigabyte);
        long allowed = machine * 3 / 4 / gigabyte;
        if (machine > 0 && allowed * gigabyte <= maxHeapBytes) return "This machine has no more memory to give the workbench.";
        return String.format(Locale.ROOT, "Start the workbench with more memory: java -Xmx%dg -jar entangle.jar.",
                machine > 0 ? Math.min(wanted, allowed) : wanted);
    }

    /** The cause chain, outermost first, one line each (type: message), then the stack trace. */
    public static String details(Throwable cause) {
        StringBuilder text = new StringBuilder("Cause chain, outermost first:\n");
        int i = 1;
        for (Throwable t : chain(cause)) {
            text.append(String.format(Locale.ROOT, "%d. %s: %s%n", i++, describe(t.getClass()),
                    t.getMessage() == null ? "(no message)" : t.getMessage()));
        }
        StringWriter trace = new StringWriter();
        cause.printStackTrace(new PrintWriter(trace));
        return text.append("\nStack trace:\n").append(trace).toString();
    }

    /** {@code cause} and its causes, outermost first, each once. */
    public static List<Throwable> chain(Throwable cause) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = cause; t != null && seen.put(t, true) == null; t = t.getCause()) chain.add(t);
        return chain;
    }

    /** {@code text} as a sentence: its first letter capitalised, a full stop at its end. */
    public static String sentence(String text) {
        String s = text.strip();
        if (s.isEmpty()) return s;
        s = Character.toUpperCase(s.charAt(0)) + s.substring(1);
        char last = s.charAt(s.length() - 1);
        return last == '.' || last == '!' || last == '?' ? s : s + ".";
    }

    private static String describe(Class<?> type) {
        return type.getSimpleName().isEmpty() ? type.getName() : type.getSimpleName();
    }
}
