package org.entangle.tournament;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A block-scan kernel launched alone so that a profiler (Nsight Compute) can measure it, named so that the profile
 * tells which contender it ran: {@code entangle_profile_w<width>_r<reps>_<id>}, the id spelled with letters and
 * digits kept and every other byte of its UTF-8 written as {@code _} and two hex digits (so {@code sklansky-32}
 * becomes {@code sklansky_2d32}). The name alone gives back the width, the scans per block and the contender, and no
 * two contenders share one.
 *
 * @param width the block width
 * @param reps  block scans per block and launch
 * @param id    the contender's id in the tournament
 */
public record ProfiledKernel(int width, int reps, String id) {

    /** What every profiled kernel's name starts with (the profiler's kernel filter). */
    public static final String PREFIX = "entangle_profile_";

    private static final Pattern NAME = Pattern.compile(PREFIX + "w(\\d+)_r(\\d+)_([A-Za-z0-9_]+)");

    /** The kernel's entry name. */
    public String name() {
        StringBuilder sb = new StringBuilder(PREFIX).append('w').append(width).append("_r").append(reps).append('_');
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && Character.isLetterOrDigit(c)) sb.append(c);
            else sb.append('_').append(String.format(Locale.ROOT, "%02x", b & 0xFF));
        }
        return sb.toString();
    }

    /**
     * The kernel a profiler reports under {@code kernelName} (a demangled signature's parameter list ignored), or
     * empty when the name is not one of these kernels'.
     */
    public static Optional<ProfiledKernel> parse(String kernelName) {
        String name = kernelName.trim();
        int paren = name.indexOf('(');
        if (paren >= 0) name = name.substring(0, paren).trim();
        Matcher m = NAME.matcher(name);
        if (!m.matches()) return Optional.empty();
        String encoded = m.group(3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c != '_') {
                bytes.write(c);
                continue;
            }
            if (i + 2 >= encoded.length()) return Optional.empty();
            try {
                bytes.write(Integer.parseInt(encoded.substring(i + 1, i + 3), 16));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
            i += 2;
        }
        try {
            return Optional.of(new ProfiledKernel(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    bytes.toString(StandardCharsets.UTF_8)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The contenders of a block-scan ranking to profile: those named by {@code ids} or, when none is named, the ones
     * the winner explanation weighs against each other (the fastest network, the fastest oracle-chosen network, the
     * fastest classic family and the fastest library algorithm). Only contenders that passed; the memory bound is not
     * a block scan.
     *
     * @throws IllegalArgumentException naming the ids that are no passed block-scan contender of the ranking
     */
    public static List<Entry> targets(Ranking ranking, List<String> ids) {
        Set<Entry> chosen = new LinkedHashSet<>();
        if (ids.isEmpty()) {
            ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).findFirst().ifPresent(chosen::add);
            for (Entry e : new Entry[] {ranking.bestOracle(), ranking.bestClassic(), ranking.bestLibrary()}) {
                if (e != null) chosen.add(e);
            }
            return List.copyOf(chosen);
        }
        List<String> unknown = new ArrayList<>();
        for (String id : ids) {
            Ranking.Row row = ranking.row(id);
            if (row == null || row.entry().bound()) unknown.add(id);
            else chosen.add(row.entry());
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("no passed block-scan contender " + String.join(", ", unknown) + " at width "
                    + ranking.setting().width());
        }
        return List.copyOf(chosen);
    }
}
