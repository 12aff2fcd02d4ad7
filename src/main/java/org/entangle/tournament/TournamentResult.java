package org.entangle.tournament;

import java.util.List;

/**
 * Everything a GPU tournament measured: the device, when, how it was started, each setting's contenders, notes
 * (candidates rejected before the run, sources that gave nothing), and what Nsight Compute measured of the block-scan
 * kernels profiled after the run ({@link KernelProfile}; empty when none was).
 *
 * @param device   the device's description
 * @param date     the UTC date and time of the run
 * @param command  the command line that produced it
 * @param settings the settings, in the order run
 * @param notes    remarks for the report
 * @param profiles the profiled block-scan kernels
 */
public record TournamentResult(String device, String date, String command, List<Setting> settings, List<String> notes,
                               List<KernelProfile> profiles) {

    public TournamentResult {
        settings = settings == null ? List.of() : List.copyOf(settings);
        notes = notes == null ? List.of() : List.copyOf(notes);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    /** A result without profiles. */
    public TournamentResult(String device, String date, String command, List<Setting> settings, List<String> notes) {
        this(device, date, command, settings, notes, List.of());
    }

    /** This result with {@code added} profiles; a profile of the same width and contender replaces the one before. */
    public TournamentResult withProfiles(List<KernelProfile> added) {
        java.util.Map<String, KernelProfile> byKey = new java.util.LinkedHashMap<>();
        for (KernelProfile p : profiles) byKey.put(p.width() + " " + p.id(), p);
        for (KernelProfile p : added) byKey.put(p.width() + " " + p.id(), p);
        return new TournamentResult(device, date, command, settings, notes, List.copyOf(byKey.values()));
    }
}
