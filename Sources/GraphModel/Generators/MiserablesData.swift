/// The Les Misérables character co-occurrence graph (Knuth's Stanford GraphBase, as in d3's examples):
/// 77 characters with a group, 254 links with a value.
enum MiserablesData {
    /// One character per line: id and group.
    static let nodes = """
Myriel 1
Napoleon 1
Mlle.Baptistine 1
Mme.Magloire 1
CountessdeLo 1
Geborand 1
Champtercier 1
Cravatte 1
Count 1
OldMan 1
Labarre 2
Valjean 2
Marguerite 3
Mme.deR 2
Isabeau 2
Gervais 2
Tholomyes 3
Listolier 3
Fameuil 3
Blacheville 3
Favourite 3
Dahlia 3
Zephine 3
Fantine 3
Mme.Thenardier 4
Thenardier 4
Cosette 5
Javert 4
Fauchelevent 0
Bamatabois 2
Perpetue 3
Simplice 2
Scaufflaire 2
Woman1 2
Judge 2
Champmathieu 2
Brevet 2
Chenildieu 2
Cochepaille 2
Pontmercy 4
Boulatruelle 6
Eponine 4
Anzelma 4
Woman2 5
MotherInnocent 0
Gribier 0
Jondrette 7
Mme.Burgon 7
Gavroche 8
Gillenormand 5
Magnon 5
Mlle.Gillenormand 5
Mme.Pontmercy 5
Mlle.Vaubois 5
Lt.Gillenormand 5
Marius 8
BaronessT 5
Mabeuf 8
Enjolras 8
Combeferre 8
Prouvaire 8
Feuilly 8
Courfeyrac 8
Bahorel 8
Bossuet 8
Joly 8
Grantaire 8
MotherPlutarch 9
Gueulemer 4
Babet 4
Claquesous 4
Montparnasse 4
Toussaint 5
Child1 10
Child2 10
Brujon 4
Mme.Hucheloup 8
"""

    /// One link per line: source id, target id and value.
    static let links = """
Napoleon Myriel 1
Mlle.Baptistine Myriel 8
Mme.Magloire Myriel 10
Mme.Magloire Mlle.Baptistine 6
CountessdeLo Myriel 1
Geborand Myriel 1
Champtercier Myriel 1
Cravatte Myriel 1
Count Myriel 2
OldMan Myriel 1
Valjean Labarre 1
Valjean Mme.Magloire 3
Valjean Mlle.Baptistine 3
Valjean Myriel 5
Marguerite Valjean 1
Mme.deR Valjean 1
Isabeau Valjean 1
Gervais Valjean 1
Listolier Tholomyes 4
Fameuil Tholomyes 4
Fameuil Listolier 4
Blacheville Tholomyes 4
Blacheville Listolier 4
Blacheville Fameuil 4
Favourite Tholomyes 3
Favourite Listolier 3
Favourite Fameuil 3
Favourite Blacheville 4
Dahlia Tholomyes 3
Dahlia Listolier 3
Dahlia Fameuil 3
Dahlia Blacheville 3
Dahlia Favourite 5
Zephine Tholomyes 3
Zephine Listolier 3
Zephine Fameuil 3
Zephine Blacheville 3
Zephine Favourite 4
Zephine Dahlia 4
Fantine Tholomyes 3
Fantine Listolier 3
Fantine Fameuil 3
Fantine Blacheville 3
Fantine Favourite 4
Fantine Dahlia 4
Fantine Zephine 4
Fantine Marguerite 2
Fantine Valjean 9
Mme.Thenardier Fantine 2
Mme.Thenardier Valjean 7
Thenardier Mme.Thenardier 13
Thenardier Fantine 1
Thenardier Valjean 12
Cosette Mme.Thenardier 4
Cosette Valjean 31
Cosette Tholomyes 1
Cosette Thenardier 1
Javert Valjean 17
Javert Fantine 5
Javert Thenardier 5
Javert Mme.Thenardier 1
Javert Cosette 1
Fauchelevent Valjean 8
Fauchelevent Javert 1
Bamatabois Fantine 1
Bamatabois Javert 1
Bamatabois Valjean 2
Perpetue Fantine 1
Simplice Perpetue 2
Simplice Valjean 3
Simplice Fantine 2
Simplice Javert 1
Scaufflaire Valjean 1
Woman1 Valjean 2
Woman1 Javert 1
Judge Valjean 3
Judge Bamatabois 2
Champmathieu Valjean 3
Champmathieu Judge 3
Champmathieu Bamatabois 2
Brevet Judge 2
Brevet Champmathieu 2
Brevet Valjean 2
Brevet Bamatabois 1
Chenildieu Judge 2
Chenildieu Champmathieu 2
Chenildieu Brevet 2
Chenildieu Valjean 2
Chenildieu Bamatabois 1
Cochepaille Judge 2
Cochepaille Champmathieu 2
Cochepaille Brevet 2
Cochepaille Chenildieu 2
Cochepaille Valjean 2
Cochepaille Bamatabois 1
Pontmercy Thenardier 1
Boulatruelle Thenardier 1
Eponine Mme.Thenardier 2
Eponine Thenardier 3
Anzelma Eponine 2
Anzelma Thenardier 2
Anzelma Mme.Thenardier 1
Woman2 Valjean 3
Woman2 Cosette 1
Woman2 Javert 1
MotherInnocent Fauchelevent 3
MotherInnocent Valjean 1
Gribier Fauchelevent 2
Mme.Burgon Jondrette 1
Gavroche Mme.Burgon 2
Gavroche Thenardier 1
Gavroche Javert 1
Gavroche Valjean 1
Gillenormand Cosette 3
Gillenormand Valjean 2
Magnon Gillenormand 1
Magnon Mme.Thenardier 1
Mlle.Gillenormand Gillenormand 9
Mlle.Gillenormand Cosette 2
Mlle.Gillenormand Valjean 2
Mme.Pontmercy Mlle.Gillenormand 1
Mme.Pontmercy Pontmercy 1
Mlle.Vaubois Mlle.Gillenormand 1
Lt.Gillenormand Mlle.Gillenormand 2
Lt.Gillenormand Gillenormand 1
Lt.Gillenormand Cosette 1
Marius Mlle.Gillenormand 6
Marius Gillenormand 12
Marius Pontmercy 1
Marius Lt.Gillenormand 1
Marius Cosette 21
Marius Valjean 19
Marius Tholomyes 1
Marius Thenardier 2
Marius Eponine 5
Marius Gavroche 4
BaronessT Gillenormand 1
BaronessT Marius 1
Mabeuf Marius 1
Mabeuf Eponine 1
Mabeuf Gavroche 1
Enjolras Marius 7
Enjolras Gavroche 7
Enjolras Javert 6
Enjolras Mabeuf 1
Enjolras Valjean 4
Combeferre Enjolras 15
Combeferre Marius 5
Combeferre Gavroche 6
Combeferre Mabeuf 2
Prouvaire Gavroche 1
Prouvaire Enjolras 4
Prouvaire Combeferre 2
Feuilly Gavroche 2
Feuilly Enjolras 6
Feuilly Prouvaire 2
Feuilly Combeferre 5
Feuilly Mabeuf 1
Feuilly Marius 1
Courfeyrac Marius 9
Courfeyrac Enjolras 17
Courfeyrac Combeferre 13
Courfeyrac Gavroche 7
Courfeyrac Mabeuf 2
Courfeyrac Eponine 1
Courfeyrac Feuilly 6
Courfeyrac Prouvaire 3
Bahorel Combeferre 5
Bahorel Gavroche 5
Bahorel Courfeyrac 6
Bahorel Mabeuf 2
Bahorel Enjolras 4
Bahorel Feuilly 3
Bahorel Prouvaire 2
Bahorel Marius 1
Bossuet Marius 5
Bossuet Courfeyrac 12
Bossuet Gavroche 5
Bossuet Bahorel 4
Bossuet Enjolras 10
Bossuet Feuilly 6
Bossuet Prouvaire 2
Bossuet Combeferre 9
Bossuet Mabeuf 1
Bossuet Valjean 1
Joly Bahorel 5
Joly Bossuet 7
Joly Gavroche 3
Joly Courfeyrac 5
Joly Enjolras 5
Joly Feuilly 5
Joly Prouvaire 2
Joly Combeferre 5
Joly Mabeuf 1
Joly Marius 2
Grantaire Bossuet 3
Grantaire Enjolras 3
Grantaire Combeferre 1
Grantaire Courfeyrac 2
Grantaire Joly 2
Grantaire Gavroche 1
Grantaire Bahorel 1
Grantaire Feuilly 1
Grantaire Prouvaire 1
MotherPlutarch Mabeuf 3
Gueulemer Thenardier 5
Gueulemer Valjean 1
Gueulemer Mme.Thenardier 1
Gueulemer Javert 1
Gueulemer Gavroche 1
Gueulemer Eponine 1
Babet Thenardier 6
Babet Gueulemer 6
Babet Valjean 1
Babet Mme.Thenardier 1
Babet Javert 2
Babet Gavroche 1
Babet Eponine 1
Claquesous Thenardier 4
Claquesous Babet 4
Claquesous Gueulemer 4
Claquesous Valjean 1
Claquesous Mme.Thenardier 1
Claquesous Javert 1
Claquesous Eponine 1
Claquesous Enjolras 1
Montparnasse Javert 1
Montparnasse Babet 2
Montparnasse Gueulemer 2
Montparnasse Claquesous 2
Montparnasse Valjean 1
Montparnasse Gavroche 1
Montparnasse Eponine 1
Montparnasse Thenardier 1
Toussaint Cosette 2
Toussaint Javert 1
Toussaint Valjean 1
Child1 Gavroche 2
Child2 Gavroche 2
Child2 Child1 3
Brujon Babet 3
Brujon Gueulemer 3
Brujon Thenardier 3
Brujon Gavroche 1
Brujon Eponine 1
Brujon Claquesous 1
Brujon Montparnasse 1
Mme.Hucheloup Bossuet 1
Mme.Hucheloup Joly 1
Mme.Hucheloup Grantaire 1
Mme.Hucheloup Bahorel 1
Mme.Hucheloup Courfeyrac 1
Mme.Hucheloup Gavroche 1
Mme.Hucheloup Enjolras 1
"""
}
