#!/usr/bin/perl
# A random bot for nuffle's bot protocol (docs/PROTOCOL.md) in Perl with core modules only:
# one JSON message per line on stdin, one answer per line on stdout. In a set-up it puts a
# random reserve on the free square nearest the line of scrimmage and the middle, and ends the set-up when
# it may; otherwise it plays a random legal action.
use strict;
use warnings;
use JSON::PP;

$| = 1;
my $json = JSON::PP->new->canonical;

sub pick { my ($list) = @_; return $list->[int(rand(scalar @$list))]; }

sub setup_place {
    my ($group, $pitch, $side) = @_;
    my (%on, %taken);
    for my $p (@{ $pitch->{players} }) { $on{ $p->[0] } = 1; $taken{"$p->[1],$p->[2]"} = 1; }
    my @reserves = grep { !$on{$_} } @{ $group->{players} };
    my @squares = grep { !$taken{"$_->[0],$_->[1]"} } @{ $group->{squares} };
    return undef if !@reserves || !@squares;
    my ($lo, $hi) = (1e9, -1e9);
    for my $sq (@squares) { $lo = $sq->[1] if $sq->[1] < $lo; $hi = $sq->[1] if $sq->[1] > $hi; }
    my $mid = ($lo + $hi) / 2;
    my $toward = $side eq "home" ? -1 : 1;
    # nearest the line of scrimmage, then nearest the middle (the wide zones hold few)
    my @sorted = sort { $toward * $a->[0] <=> $toward * $b->[0]
                        or abs($a->[1] - $mid) <=> abs($b->[1] - $mid) } @squares;
    return ["PLACE_PLAYER", pick(\@reserves), $sorted[0]];
}

sub choose {
    my ($msg) = @_;
    my @groups = @{ $msg->{legal} };
    my %types = map { $_->{type} => 1 } @groups;
    return ["END_SETUP", undef, undef] if $types{END_SETUP};
    if ($types{PLACE_PLAYER} && $msg->{pitch}) {
        my ($group) = grep { $_->{type} eq "PLACE_PLAYER" } @groups;
        my $placed = setup_place($group, $msg->{pitch}, $msg->{decision}{side});
        return $placed if $placed;
    }
    my $type = pick([sort keys %types]);
    my $group = pick([grep { $_->{type} eq $type } @groups]);
    my $player = @{ $group->{players} } ? pick($group->{players}) : undef;
    my $square = @{ $group->{squares} } ? pick($group->{squares}) : undef;
    return [$type, $player, $square];
}

while (my $line = <STDIN>) {
    next if $line =~ /^\s*$/;
    my $msg = $json->decode($line);
    my $type = $msg->{type};
    if ($type eq "hello") {
        srand($msg->{seed} % 4294967296);
        print $json->encode({ type => "ready", name => "random-perl", wants => ["legal", "pitch\@SETUP"] }), "\n";
    } elsif ($type eq "decide") {
        print $json->encode({ type => "action", id => $msg->{id}, action => choose($msg) }), "\n";
    } elsif ($type eq "end") {
        print $json->encode({ type => "bye" }), "\n";
        last;
    }
}
