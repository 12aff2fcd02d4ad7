package org.entangle.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Algebra;
import org.entangle.network.InvalidNetworkException;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;

/**
 * The candidates of one tournament width, gathered from every source and admitted only when the range checker
 * proves them a correct forward inclusive scan under a commutative operator (the int32 sum the tournament times;
 * Knowles's overlapping ranges, say, are rejected). A network entered twice (two samples may draw the same trace)
 * is kept once; the second entry is counted, not kept. Rejections are kept with their reason for the report.
 */
public final class CandidatePool {

    /** A network that was offered and refused, and why. */
    public record Rejection(String id, String reason) {
    }

    private final int width;
    private final Map<Network, Candidate> byNetwork = new LinkedHashMap<>();
    private final Map<String, Integer> idUses = new HashMap<>();
    private final List<Rejection> rejections = new ArrayList<>();
    private int duplicates;

    public CandidatePool(int width) {
        this.width = width;
    }

    public int width() {
        return width;
    }

    /**
     * Offers a network; returns the admitted candidate, or null when it was rejected or already entered. The id is
     * made unique by a suffix when taken.
     */
    public Candidate offer(String id, Origin origin, String source, Network network) {
        String unique = uniqueId(id);
        if (network.width() != width) {
            rejections.add(new Rejection(unique, "width " + network.width() + ", not " + width));
            return null;
        }
        String problem = problem(network);
        if (problem != null) {
            rejections.add(new Rejection(unique, problem));
            return null;
        }
        Network plain = network.withName(null).withProvenance(null);
        if (byNetwork.containsKey(plain)) {
            duplicates++;
            return null;
        }
        Candidate c = Candidate.of(unique, origin, source, network);
        byNetwork.put(plain, c);
        return c;
    }

    /** Why {@code network} cannot enter (null when it can): not in-place, not inclusive, or not a correct scan. */
    static String problem(Network network) {
        if (network.model() != MemoryModel.IN_PLACE) return "not an in-place network";
        if (network.spec().kind() != ResultKind.INCLUSIVE) return "meant as " + network.spec() + ", not an inclusive scan";
        try {
            CheckResult check = RangeChecker.check(network, ScanSpec.INCLUSIVE.withAlgebra(Algebra.COMMUTATIVE));
            return check.correct() ? null : "not a correct inclusive scan: " + check.failure().message();
        } catch (InvalidNetworkException e) {
            return "invalid: " + e.getMessage();
        }
    }

    private String uniqueId(String id) {
        int uses = idUses.merge(id, 1, Integer::sum);
        return uses == 1 ? id : id + "~" + uses;
    }

    /** The admitted candidates, in the order offered. */
    public List<Candidate> candidates() {
        return List.copyOf(byNetwork.values());
    }

    public List<Rejection> rejections() {
        return List.copyOf(rejections);
    }

    /** Networks offered again after an equal one was admitted. */
    public int duplicates() {
        return duplicates;
    }

    public int size() {
        return byNetwork.size();
    }
}
